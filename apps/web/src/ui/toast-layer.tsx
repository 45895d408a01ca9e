import type { Notice } from '@coursekit/core'
import { type ToastSink, useToastNotices } from '@coursekit/react'
import { type ReactNode, useSyncExternalStore } from 'react'
import { Toaster, toast } from 'sonner'
import { router } from '../app/router.tsx'

const byKind = { success: toast.success, error: toast.error, warning: toast.warning, info: toast.info }

const sonnerSink: ToastSink = {
  show(notice, id, gone) {
    byKind[notice.kind](notice.message, { id, description: notice.description, onAutoClose: gone, onDismiss: gone })
  },
  dismiss: (id) => toast.dismiss(id),
}

/** The page shown, or the one a running navigation opens (a toast raised on the way belongs there). */
const pageOpening = () => (router.state.navigation.location ?? router.state.location).pathname
const pageShown = () => router.state.location.pathname

/**
 * The client's notices as sonner's toasts, once each and gone when stale (useToastNotices). This
 * module, with sonner (about 9 kB gzip), is fetched with the first notice (ClientEvents), never by
 * a page that shows none; `takeEarlier` hands over the notices that came while it was on its way.
 *
 * At the bottom (full width on a phone, the right-hand corner on a wide screen), so a toast never
 * covers the header's sticky bar, and above the phone's tab bar (--tab-bar-height, site-header.css)
 * and home indicator. Dismissible by keyboard
 * (its close button; Alt+T reaches the region).
 */
export default function ToastLayer(props: { takeEarlier: () => Notice[] }): ReactNode {
  const page = useSyncExternalStore(router.subscribe, pageShown)
  useToastNotices(sonnerSink, pageOpening, page, props.takeEarlier)
  return (
    <Toaster
      position="bottom-right"
      richColors
      closeButton
      offset={{ bottom: 'calc(var(--tab-bar-height, 0px) + 24px)' }}
      mobileOffset={{ bottom: 'calc(var(--tab-bar-height, 0px) + env(safe-area-inset-bottom) + 16px)' }}
      toastOptions={{ className: 'font-sans' }}
    />
  )
}
