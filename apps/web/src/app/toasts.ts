import type { ToastKind } from '../ui/toaster.tsx'

type Toaster = typeof import('../ui/toaster.tsx')

/**
 * Toasts for the whole app. sonner and its Toaster (about 9 kB gzip) are fetched with the first
 * toast, never by a page that shows none. What is asked before they arrive waits here, in order,
 * and runs when they have; a failed fetch keeps what waits and the next toast fetches again, so no
 * toast is lost. One page, one toaster: this state is the page's, as sonner's own store is.
 */
let toaster: Toaster | undefined
let loading: Promise<void> | undefined
const waiting: ((toaster: Toaster) => void)[] = []

function withToaster(run: (toaster: Toaster) => void): void {
  if (toaster) {
    run(toaster)
    return
  }
  waiting.push(run)
  loading ??= import('../ui/toaster.tsx').then(
    (module) => {
      toaster = module
      for (const queued of waiting.splice(0)) queued(module)
    },
    () => {
      loading = undefined
    },
  )
}

/** Shows a toast; the same `id` replaces a toast still on screen, and `dismissToast(id)` takes it away. */
export function showToast(kind: ToastKind, message: string, options: { id?: string; description?: string } = {}): void {
  withToaster((loaded) => loaded.show(kind, message, options))
}

export function dismissToast(id: string): void {
  // Nothing was ever shown while the toaster was never asked for.
  if (toaster || loading) withToaster((loaded) => loaded.dismiss(id))
}
