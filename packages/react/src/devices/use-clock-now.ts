import { useEffect, useState } from 'react'
import { useCourseClient } from '../course-client-context.ts'

/**
 * The client's clock (`client.clock.now()`), read again every `everyMs` while the component is
 * mounted, so relative times (지금, 5분 전) move on by themselves; on a simulated clock they move
 * with it.
 */
export function useClockNow(everyMs: number): number {
  const client = useCourseClient()
  const [now, setNow] = useState(() => client.clock.now())
  useEffect(() => {
    const { clock } = client
    let handle: unknown = null
    const tick = () => {
      setNow(clock.now())
      handle = clock.setTimeout(tick, everyMs)
    }
    tick()
    return () => clock.clearTimeout(handle)
  }, [client, everyMs])
  return now
}
