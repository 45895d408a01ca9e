import type { Notice } from '@coursekit/core'
import { useCourseClient, useNavigateEvents } from '@coursekit/react'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { router } from './router.tsx'

const ToastLayer = lazy(() => import('../ui/toast-layer.tsx'))

/**
 * The client's `notice` events become toasts and its `navigate` events (sign-in after an expired
 * session, / 100 ms after logout, ...) go through the router, after the delay the client asked for.
 * Mounted beside the router, not inside a route: what the client says while the first page's code
 * still loads (an expired session at start-up) is not lost.
 *
 * The toasts' code comes with the first notice: until its layer has taken them, the notices wait
 * here in order (the layer takes them and subscribes in one step).
 */
export function ClientEvents(): ReactNode {
  const client = useCourseClient()
  const [takeEarlier, setTakeEarlier] = useState<(() => Notice[]) | null>(null)
  useEffect(() => {
    const waiting: Notice[] = []
    const unsubscribe = client.events.subscribe('notice', (notice) => {
      waiting.push(notice)
      setTakeEarlier(() => () => {
        unsubscribe()
        return waiting.splice(0)
      })
    })
    return unsubscribe
  }, [client])
  useNavigateEvents((to, { replace }) => {
    // An address with a scheme (an OAuth provider's page) is a page load; a path is the router's.
    if (/^[a-z][a-z0-9+.-]*:/i.test(to)) {
      if (replace) window.location.replace(to)
      else window.location.assign(to)
      return
    }
    void router.navigate(to, { replace })
  })
  if (!takeEarlier) return null
  return (
    <Suspense fallback={null}>
      <ToastLayer takeEarlier={takeEarlier} />
    </Suspense>
  )
}
