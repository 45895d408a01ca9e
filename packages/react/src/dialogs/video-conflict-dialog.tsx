import type { ReactNode } from 'react'
import type { VideoWatch } from '../lessons/use-video-watch.ts'
import { DeviceDetails } from './device-details.tsx'
import { type DialogLabels, dialogLabels } from './labels.ts'
import { ModalDialog } from './modal-dialog.tsx'
import { useVideoConflictDialog, type VideoConflictDialogModel } from './use-video-conflict-dialog.ts'

export interface VideoConflictDialogProps {
  /** The watch whose conflict this dialog shows: `useLessonPlayer`'s `watch`. */
  watch: VideoWatch
  /** Headless: render the model yourself (called whether or not the dialog is open). */
  children?: (model: VideoConflictDialogModel) => ReactNode
  labels?: Partial<DialogLabels>
  className?: string
}

/**
 * Shown while another device of the user watches (the watch answered 409): which device it is, and
 * a button that ends the watch there (terminate-others) so this device can watch. Keyboard: Tab
 * stays inside, Enter or Space on a button, Escape closes.
 */
export function VideoConflictDialog(props: VideoConflictDialogProps): ReactNode {
  const model = useVideoConflictDialog(props.watch)
  if (props.children) return props.children(model)
  if (!model.open || !model.device) return null
  const labels = { ...dialogLabels, ...props.labels }
  return (
    <ModalDialog
      title={labels.conflictTitle}
      description={labels.conflictDescription}
      onClose={model.close}
      className={props.className}
    >
      <p>
        <DeviceDetails device={model.device} labels={labels} />
      </p>
      {model.error ? <p role="alert">{model.error}</p> : null}
      <div data-dialog-actions="">
        <button type="button" onClick={model.close}>
          {labels.close}
        </button>
        <button
          type="button"
          data-primary=""
          aria-disabled={model.resolving}
          onClick={() => {
            if (!model.resolving) void model.endOtherWatch()
          }}
        >
          {model.resolving ? labels.ending : labels.endOtherWatch}
        </button>
      </div>
    </ModalDialog>
  )
}
