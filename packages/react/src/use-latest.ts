import { useEffect, useRef } from 'react'

/**
 * A ref holding the latest value, for a callback passed inline: a subscription made once calls
 * the current one without subscribing again on every render.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value)
  useEffect(() => {
    ref.current = value
  })
  return ref
}
