import { type DeviceLimitDialogState, messages } from '@coursekit/core'
import { type DeviceSummary, summarizeDevice } from '@coursekit/core/display'
import { useMemo } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { useDeviceSession } from '../devices/use-device-session.ts'

/** The device-limit dialog, headless: render it however you like. */
export interface DeviceLimitDialogModel {
  /** The server refused this device (403 with canForceLogout); open until a removal or close(). */
  open: boolean
  /** 최대 기기 수에 도달했습니다. */
  title: string
  /** The user's devices, oldest first, each recognisable (browser, OS, last seen). */
  devices: readonly DeviceSummary[]
  /** The server's limit, when it said. */
  deviceLimit: number | null
  /** Preselected: the oldest device. */
  selectedId: string | null
  removing: boolean
  /** 제거할 기기를 선택해주세요, 기기 제거에 실패했습니다. 다시 시도해주세요., or 기기 제거 중 오류가 발생했습니다. 다시 시도해주세요. */
  error: string | null
  select(id: string | null): void
  /** Signs the selected device out and registers this one in its place; resolves true when registered. */
  remove(): Promise<boolean>
  /** Closes without removing anything (this device stays unregistered). */
  close(): void
}

const selectDialog = (state: { limitDialog: DeviceLimitDialogState | null }) => state.limitDialog

const closed: DeviceLimitDialogState = {
  devices: [],
  deviceLimit: null,
  selectedId: null,
  removing: false,
  error: null,
}

/** The core's device-limit dialog (`client.devices.limitDialog`) as a model for a UI. */
export function useDeviceLimitDialog(): DeviceLimitDialogModel {
  const client = useCourseClient()
  const { devices } = client
  const dialog = useDeviceSession(selectDialog) ?? null
  const state = dialog ?? closed
  const summaries = useMemo(
    () => state.devices.map((item) => summarizeDevice(item, client.clock.now(), null)),
    [state.devices, client],
  )
  const commands = useMemo(
    () => ({
      select: (id: string | null) => devices?.limitDialog.select(id),
      remove: () => devices?.limitDialog.remove() ?? Promise.resolve(false),
      close: () => devices?.limitDialog.close(),
    }),
    [devices],
  )
  return {
    open: dialog !== null,
    title: messages.deviceLimitReached,
    devices: summaries,
    deviceLimit: state.deviceLimit,
    selectedId: state.selectedId,
    removing: state.removing,
    error: state.error,
    ...commands,
  }
}
