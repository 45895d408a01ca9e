import { useNavigateEvents, useNotices } from '@coursekit/react'
import { router } from './router.tsx'
import { showToast } from './toasts.ts'

/**
 * The client's `notice` events become toasts and its `navigate` events (sign-in after an expired
 * session, / 100 ms after logout, ...) go through the router, after the delay the client asked for.
 * Mounted beside the router, not inside a route: what the client says while the first page's code
 * still loads (an expired session at start-up) is not lost.
 */
export function ClientEvents(): null {
  useNotices((notice) => {
    showToast(notice.kind, notice.message, notice.description ? { description: notice.description } : {})
  })
  useNavigateEvents((to, { replace }) => {
    // An address with a scheme (an OAuth provider's page) is a page load; a path is the router's.
    if (/^[a-z][a-z0-9+.-]*:/i.test(to)) {
      if (replace) window.location.replace(to)
      else window.location.assign(to)
      return
    }
    void router.navigate(to, { replace })
  })
  return null
}
