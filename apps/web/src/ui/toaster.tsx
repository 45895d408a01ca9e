import { createRoot } from 'react-dom/client'
import { Toaster, toast } from 'sonner'

export type ToastKind = 'success' | 'error' | 'info' | 'warning'

let mounted = false

/**
 * sonner's Toaster in a root of its own at the end of the body, made with the first toast (this
 * module is fetched then, see app/toasts.ts). At the bottom (full width on a phone, the right-hand
 * corner on a wide screen), so a toast never covers the header's sticky bar, and above the phone's
 * home indicator. Dismissible by keyboard (its close button, Alt+T to reach the region).
 */
function mount(): void {
  if (mounted) return
  mounted = true
  const host = document.createElement('div')
  document.body.append(host)
  createRoot(host).render(
    <Toaster
      position="bottom-right"
      richColors
      closeButton
      mobileOffset={{ bottom: 'calc(env(safe-area-inset-bottom) + 16px)' }}
      toastOptions={{ className: 'font-sans' }}
    />,
  )
}

/** Shows a toast; a toast with the same `id` still on screen is replaced. */
export function show(kind: ToastKind, message: string, options: { id?: string; description?: string }): void {
  mount()
  const byKind = { success: toast.success, error: toast.error, warning: toast.warning, info: toast.info }
  // sonner keeps a toast raised before its Toaster subscribed and shows it when it does.
  byKind[kind](message, { id: options.id, description: options.description })
}

export function dismiss(id: string): void {
  toast.dismiss(id)
}
