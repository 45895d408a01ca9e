import type { DeviceCommandResult } from '@coursekit/core'
import { noticeTopics } from '@coursekit/core'
import type { DeviceSummary } from '@coursekit/core/display'
import { ModalDialog, useNoticeShownHere } from '@coursekit/react'
import { type ReactNode, useState } from 'react'
import { dialogLook } from '../../ui/dialog-look.ts'

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
      className={dialogLook}
    >
      {error && <p role="alert">{error}</p>}
      {/* The way out first, as in every dialog: focus starts on it, so Enter alone removes nothing. */}
      <div data-dialog-actions="">
        <button type="button" onClick={() => props.onClose(false)}>
          취소
        </button>
        <button type="button" data-primary="" data-danger="" aria-disabled={pending} onClick={() => void remove()}>
          {pending ? '제거 중…' : device.isCurrent ? '제거하고 로그아웃' : '기기 제거'}
        </button>
      </div>
    </ModalDialog>
  )
}
