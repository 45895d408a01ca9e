import type { DeviceSummary } from '@coursekit/core/display'
import { useDevices } from '@coursekit/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FailedState } from '../../ui/failed-state.tsx'
import { OfflineBanner } from '../../ui/offline-banner.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { DeviceRow } from './device-row.tsx'
import { OtherWatches } from './other-watches.tsx'
import { RemoveDeviceDialog } from './remove-device-dialog.tsx'

/**
 * The learner's devices from the client's device list (cached 60 s, spec §9): when it was read and
 * a refresh, each device with its remove button, the confirm before removing, and ending the other
 * devices' watches.
 */
export function DeviceList(): ReactNode {
  const devices = useDevices()
  const [removing, setRemoving] = useState<DeviceSummary | null>(null)
  const [removedCount, setRemovedCount] = useState(0)
  const heading = useRef<HTMLHeadingElement>(null)
  // The removed device's row (and its button, where focus was) is gone: focus goes to the list.
  useEffect(() => {
    if (removedCount > 0) heading.current?.focus()
  }, [removedCount])

  const loading = devices.status !== 'error' && devices.fetchedAt === null
  return (
    <div className="flex flex-col gap-2">
      {devices.offline && <OfflineBanner onRetry={() => void devices.refresh()} />}
      {devices.status === 'error' && !devices.offline && (
        <FailedState
          message={devices.error ?? '기기 목록을 불러오지 못했습니다.'}
          onRetry={() => void devices.refresh()}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h2 ref={heading} tabIndex={-1} id="my-devices-list" className="font-bold text-lg">
          로그인된 기기
        </h2>
        <div className="flex items-center gap-1">
          <p className="text-gray-600 text-sm" aria-live="polite" data-testid="devices-fetched">
            {devices.fetched === null ? null : `기기 ${devices.devices.length}대 · ${devices.fetched} 불러옴`}
          </p>
          <button
            type="button"
            aria-disabled={devices.isFetching}
            onClick={() => {
              if (!devices.isFetching) void devices.refresh()
            }}
            className="rounded-md border border-gray-300 bg-white px-1.5 py-0.5 font-semibold text-gray-800 text-sm hover:bg-gray-50 aria-disabled:opacity-60"
          >
            {devices.isFetching ? '불러오는 중…' : '새로고침'}
          </button>
        </div>
      </div>
      <OtherWatches devices={devices.devices} onEnd={devices.terminateOthers} />
      <ul aria-labelledby="my-devices-list" aria-busy={loading} className="flex flex-col gap-1">
        {loading ? (
          <>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </>
        ) : (
          devices.devices.map((device) => (
            <DeviceRow key={device.id} device={device} onRemove={() => setRemoving(device)} />
          ))
        )}
      </ul>
      {devices.status === 'success' && devices.devices.length === 0 && (
        <EmptyState>로그인된 기기가 없습니다. 새로고침을 눌러 다시 확인해주세요.</EmptyState>
      )}
      {removing && (
        <RemoveDeviceDialog
          device={removing}
          onRemove={() => devices.remove(removing.id)}
          onClose={(removed) => {
            setRemoving(null)
            if (removed) setRemovedCount((count) => count + 1)
          }}
        />
      )}
    </div>
  )
}
