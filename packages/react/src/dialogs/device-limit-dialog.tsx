import { type ReactNode, useId } from 'react'
import { DeviceDetails } from './device-details.tsx'
import { type DialogLabels, dialogLabels } from './labels.ts'
import { ModalDialog } from './modal-dialog.tsx'
import { type DeviceLimitDialogModel, useDeviceLimitDialog } from './use-device-limit-dialog.ts'

export interface DeviceLimitDialogProps {
  /** Headless: render the model yourself (called whether or not the dialog is open). */
  children?: (model: DeviceLimitDialogModel) => ReactNode
  /** Replaces any of the default dialog's own texts. */
  labels?: Partial<DialogLabels>
  className?: string
}

/**
 * The session-limit modal of spec section 2: shown while the server refuses this device. The
 * user's devices as radio options (the oldest preselected), a button that signs the selected one
 * out and lets this device in, and the spec's messages. Keyboard: Tab between the options and the
 * buttons (it stays inside), arrows to choose, Enter or Space to remove, Escape to close. While a
 * removal runs the controls are aria-disabled rather than disabled, so focus stays where it was.
 */
export function DeviceLimitDialog(props: DeviceLimitDialogProps): ReactNode {
  const model = useDeviceLimitDialog()
  if (props.children) return props.children(model)
  if (!model.open) return null
  return (
    <DefaultDeviceLimitDialog model={model} labels={{ ...dialogLabels, ...props.labels }} className={props.className} />
  )
}

function DefaultDeviceLimitDialog(props: {
  model: DeviceLimitDialogModel
  labels: DialogLabels
  className: string | undefined
}): ReactNode {
  const { model, labels } = props
  const group = useId()
  return (
    <ModalDialog
      title={model.title}
      description={labels.limitDescription}
      onClose={model.close}
      className={props.className}
    >
      <form
        aria-busy={model.removing}
        onSubmit={(event) => {
          event.preventDefault()
          void model.remove()
        }}
      >
        <fieldset aria-disabled={model.removing}>
          <legend>{labels.deviceList}</legend>
          {/* Each option is a block of its own: its last-seen line ends before the next device's radio. */}
          {model.devices.map((device) => (
            <div key={device.id} data-device-option="">
              <label>
                <input
                  type="radio"
                  name={group}
                  value={device.id}
                  checked={model.selectedId === device.id}
                  aria-disabled={model.removing}
                  onChange={() => {
                    if (!model.removing) model.select(device.id)
                  }}
                />
                <DeviceDetails device={device} labels={labels} />
              </label>
            </div>
          ))}
        </fieldset>
        {model.error ? <p role="alert">{model.error}</p> : null}
        {/* Every dialog's buttons: the way out first, the action last (ModalDialog's docs). */}
        <div data-dialog-actions="">
          <button type="button" onClick={model.close}>
            {labels.close}
          </button>
          <button type="submit" data-primary="" aria-disabled={model.removing}>
            {model.removing ? labels.removing : labels.remove}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
