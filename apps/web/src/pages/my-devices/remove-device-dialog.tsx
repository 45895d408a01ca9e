import type { DeviceCommandResult } from '@coursekit/core'
import { noticeTopics } from '@coursekit/core'
import { type DeviceSummary, ModalDialog, useNoticeShownHere } from '@coursekit/react'
import { type ReactNode, useState } from 'react'

const look = [
  'm-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-3 text-gray-900 shadow-xl backdrop:bg-black/50',
  '[&_h2]:font-bold [&_h2]:text-lg [&>p]:mt-1 [&>p]:text-gray-700 [&>p]:text-sm',
].join(' ')

/**
 * The confirm before removing a device. Removing this very device signs it out here, so the dialog
 * says so first. `onClose(true)` after a removal, `onClose(false)` when cancelled.
 */
export function RemoveDeviceDialog(props: {
  device: DeviceSummary
  onRemove(): Promise<DeviceCommandResult>
  onClose(removed: boolean): void
}): ReactNode {
  const { device } = props
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // A failed removal is said here, not also as a toast.
  useNoticeShownHere(noticeTopics.deviceRemoval)
  const remove = async () => {
    if (pending) return
    setPending(true)
    setError(null)
    const result = await props.onRemove()
    setPending(false)
    if (result.ok) props.onClose(true)
    else setError(result.error)
  }
  return (
    <ModalDialog
      title={device.isCurrent ? '이 기기를 제거할까요?' : `${device.name} 기기를 제거할까요?`}
      description={
        device.isCurrent
          ? '지금 보고 있는 이 기기입니다. 제거하면 이 기기에서 바로 로그아웃되고 로그인 화면으로 이동합니다.'
          : '제거한 기기는 곧 로그아웃되고, 그 기기에 이유가 안내됩니다. 그 기기에서 다시 이용하려면 로그인해야 합니다.'
      }
      onClose={() => props.onClose(false)}
      className={look}
    >
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-1 text-red-800 text-sm">
          {error}
        </p>
      )}
      {/* Cancel first: focus starts on it, so Enter alone removes nothing. */}
      <div className="mt-2 flex flex-col-reverse gap-1 sm:flex-row">
        <button
          type="button"
          onClick={() => props.onClose(false)}
          className="h-6 rounded-lg border border-gray-300 bg-white px-2 font-semibold text-gray-800 hover:bg-gray-50 sm:flex-1"
        >
          취소
        </button>
        <button
          type="button"
          aria-disabled={pending}
          onClick={() => void remove()}
          className="h-6 rounded-lg bg-red-700 px-2 font-semibold text-white hover:bg-red-800 aria-disabled:opacity-60 sm:flex-1"
        >
          {pending ? '제거 중…' : device.isCurrent ? '제거하고 로그아웃' : '기기 제거'}
        </button>
      </div>
    </ModalDialog>
  )
}
