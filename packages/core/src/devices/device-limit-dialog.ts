import type { DeviceListItem } from '../contract/session-tracker.ts'

/**
 * The device-limit dialog, headless (spec sections 2 and 5): the user's devices, the oldest
 * preselected, the selected id, and the state of a removal. A UI renders it and calls the service's
 * `limitDialog` commands; the messages are the spec's, shown inside the dialog.
 */
export interface DeviceLimitDialogState {
  devices: readonly DeviceListItem[]
  /** The server's limit, when it said. */
  deviceLimit: number | null
  selectedId: string | null
  /** True while a removal runs (disable the button). */
  removing: boolean
  /** 제거할 기기를 선택해주세요, 기기 제거에 실패했습니다. ..., or 기기 제거 중 오류가 발생했습니다. ... */
  error: string | null
}

export interface DeviceLimitDialog {
  /** Chooses the device to remove (an id of `devices`); clears the error. */
  select(id: string | null): void
  /**
   * Removes the selected device and, on success, registers this device at once and closes the
   * dialog. Resolves true when this device is registered afterwards.
   */
  remove(): Promise<boolean>
  /** Closes the dialog without removing anything (the device stays unregistered). */
  close(): void
}

export function openLimitDialog(
  devices: readonly DeviceListItem[],
  deviceLimit: number | null,
): DeviceLimitDialogState {
  return { devices, deviceLimit, selectedId: oldestDeviceId(devices), removing: false, error: null }
}

/** The device marked oldest, else the first (the server lists oldest first). */
export function oldestDeviceId(devices: readonly DeviceListItem[]): string | null {
  return (devices.find((item) => item.isOldest) ?? devices[0])?.id ?? null
}

/** A fresh device list for an open dialog: keeps the selection while that device is still listed. */
export function refreshLimitDialog(
  state: DeviceLimitDialogState,
  devices: readonly DeviceListItem[],
  deviceLimit: number | null,
): DeviceLimitDialogState {
  const stillListed = state.selectedId !== null && devices.some((item) => item.id === state.selectedId)
  return {
    ...state,
    devices,
    deviceLimit: deviceLimit ?? state.deviceLimit,
    selectedId: stillListed ? state.selectedId : oldestDeviceId(devices),
    removing: false,
  }
}
