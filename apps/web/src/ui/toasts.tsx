import type { ReactNode } from 'react'
import { Toaster } from 'sonner'

/** Where the client's notices appear: top centre, readable on a phone, dismissible by keyboard. */
export function Toasts(): ReactNode {
  return <Toaster position="top-center" richColors closeButton toastOptions={{ className: 'font-sans' }} />
}
