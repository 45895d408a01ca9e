import type { Navigation, Notice } from '@coursekit/core'
import { useEffect } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { useLatest } from '../use-latest.ts'

/**
 * Calls `handler` for every toast the client asks for (세션이 만료되었습니다. 다시 로그인해주세요.,
 * 기기가 성공적으로 제거되었습니다, ...): connect your toast library here. The handler may be an
 * inline function; it is not subscribed again on every render.
 */
export function useNotices(handler: (notice: Notice) => void): void {
  const client = useCourseClient()
  const latest = useLatest(handler)
  useEffect(() => client.events.subscribe('notice', (notice) => latest.current(notice)), [client, latest])
}

/**
 * Hands the client's page moves (sign-in after a failed refresh, / after logout, the OAuth target,
 * the completion page, ...) to a router, after their delay on the client's clock. Create the
 * client with `navigation: 'manual'`, or the client also moves the page itself.
 */
export function useNavigateEvents(navigate: (to: string, options: { replace: boolean }) => void): void {
  const client = useCourseClient()
  const latest = useLatest(navigate)
  useEffect(() => {
    const pending = new Set<unknown>()
    const unsubscribe = client.events.subscribe('navigate', ({ to, replace, delayMs }: Navigation) => {
      if (delayMs <= 0) {
        latest.current(to, { replace })
        return
      }
      const handle = client.clock.setTimeout(() => {
        pending.delete(handle)
        latest.current(to, { replace })
      }, delayMs)
      pending.add(handle)
    })
    return () => {
      unsubscribe()
      for (const handle of pending) client.clock.clearTimeout(handle)
    }
  }, [client, latest])
}
