import { useEffect } from 'react'
import { useLocation } from 'react-router'

/**
 * Brings the element the address's `#id` names into view and gives it focus once `ready` (its
 * content has arrived): the browser's own jump happens before a loaded list exists. The target
 * needs `tabIndex={-1}` to take focus; a keyboard or screen-reader user then starts from it.
 */
export function useHashTarget(ready: boolean): void {
  const { hash } = useLocation()
  useEffect(() => {
    if (!ready || hash.length < 2) return
    const target = document.getElementById(decodeURIComponent(hash.slice(1)))
    if (!target) return
    target.scrollIntoView({ block: 'start' })
    target.focus({ preventScroll: true })
  }, [ready, hash])
}
