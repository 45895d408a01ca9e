import { useCourseClient } from '@coursekit/react'
import { useEffect, useState } from 'react'

/**
 * `value` once it has stayed the same for `delayMs` on the client's clock (a search box's text,
 * applied when the person pauses typing). A change before then starts the wait again.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const client = useCourseClient()
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const handle = client.clock.setTimeout(() => setSettled(value), delayMs)
    return () => client.clock.clearTimeout(handle)
  }, [client, value, delayMs])
  return settled
}
