import { type KeyboardEvent, type ReactNode, type SyntheticEvent, useEffect, useId, useRef } from 'react'
import { tabbableIn } from './tabbable.ts'

export interface ModalDialogProps {
  title: ReactNode
  description?: ReactNode
  /** Escape, the browser's own close request, or a close button. */
  onClose(): void
  children?: ReactNode
  className?: string
}

/**
 * An accessible modal: a native <dialog> opened with showModal() (the page behind is inert, the
 * dialog is in the top layer), labelled by its title and described by its description. Where
 * showModal() is missing (older browsers, jsdom) it is opened as a plain open dialog, and what the
 * browser would do is done here: Tab and Shift+Tab stay inside, Escape closes. Focus moves in on
 * open (to the checked option or the first control) and back where it was on close.
 *
 * Every dialog lays out its buttons one way: in a `data-dialog-actions` group, the way out (취소,
 * 닫기) first and the action (`data-primary`) last, so reading, tabbing and the eye meet them in one
 * order, and focus never starts on the action. The app's look puts them side by side at the right
 * on a wide screen and stacked full width on a phone (the action at the bottom, under the thumb).
 */
export function ModalDialog(props: ModalDialogProps): ReactNode {
  const { onClose } = props
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const returnFocusTo = dialog.ownerDocument.activeElement
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    }
    tabbableIn(dialog)[0]?.focus()
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
      if (returnFocusTo && 'focus' in returnFocusTo && typeof returnFocusTo.focus === 'function') returnFocusTo.focus()
    }
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
      return
    }
    if (event.key !== 'Tab') return
    const dialog = event.currentTarget
    const stops = tabbableIn(dialog)
    const first = stops[0]
    const last = stops.at(-1)
    if (!first || !last) {
      event.preventDefault()
      return
    }
    const active = dialog.ownerDocument.activeElement
    const inside = active !== null && dialog.contains(active)
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault()
      first.focus()
    }
  }

  // The browser's own close request (Escape with showModal): closed the way the app says.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault()
    onClose()
  }

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={props.description ? descriptionId : undefined}
      className={props.className}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
    >
      <h2 id={titleId}>{props.title}</h2>
      {props.description ? <p id={descriptionId}>{props.description}</p> : null}
      {props.children}
    </dialog>
  )
}
