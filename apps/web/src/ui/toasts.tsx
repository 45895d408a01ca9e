import { lazy, type ReactNode, Suspense } from 'react'

// sonner loads after the first paint (it is not needed to draw a page); a toast raised before it
// mounts is kept by sonner's store and shown when the Toaster subscribes.
const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })))

/** Where the client's notices appear: top centre, readable on a phone, dismissible by keyboard. */
export function Toasts(): ReactNode {
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton toastOptions={{ className: 'font-sans' }} />
    </Suspense>
  )
}
