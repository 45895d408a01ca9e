import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether `query` matches now, following changes (a window resized, a phone turned). False where
 * there is no window (a server render), so the narrow layout is the safe first guess.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}
