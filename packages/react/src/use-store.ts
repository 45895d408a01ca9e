import type { ReadableStore } from '@coursekit/core'
import { useRef, useSyncExternalStore } from 'react'

const identity = <T>(value: T): T => value
const subscribeNothing = () => () => {}
const nothing = () => null

/** The last slice a component read, with the state and selector it came from. */
interface Selection<S, T> {
  state: S
  selector: (state: S) => T
  slice: T
}

/**
 * React's own useSyncExternalStore with a selector, as Zustand v5 does it (no shim package): the slice
 * is kept while the state and selector are the same, so a selector that builds an object gives React
 * the same snapshot each time it asks; and a new slice that `isEqual` finds equal to the last one is
 * the last one, so the component does not render again.
 */
function useSelectedState<S, T>(
  subscribe: (listener: () => void) => () => void,
  getState: () => S,
  getInitialState: () => S,
  selector: (state: S) => T,
  isEqual: ((a: T, b: T) => boolean) | undefined,
): T {
  const last = useRef<Selection<S, T> | undefined>(undefined)
  const select = (state: S): T => {
    const previous = last.current
    if (previous && previous.selector === selector && Object.is(previous.state, state)) return previous.slice
    const next = selector(state)
    const slice = previous && isEqual?.(previous.slice, next) ? previous.slice : next
    last.current = { state, selector, slice }
    return slice
  }
  return useSyncExternalStore(
    subscribe,
    () => select(getState()),
    () => select(getInitialState()),
  )
}

/**
 * Reads a core store (the Zustand-vanilla shape) and re-renders only when the selected slice
 * changes: by `Object.is`, or by `isEqual` (e.g. `shallowEqual`) for a selector that builds a new
 * object. On the server, and while hydrating, it reads the store's initial state.
 */
export function useStore<S extends object>(store: ReadableStore<S>): S
export function useStore<S extends object, T>(
  store: ReadableStore<S>,
  selector: (state: S) => T,
  isEqual?: (a: T, b: T) => boolean,
): T
export function useStore<S extends object, T>(
  store: ReadableStore<S>,
  selector: (state: S) => T = identity as (state: S) => T,
  isEqual?: (a: T, b: T) => boolean,
): T {
  return useSelectedState(store.subscribe, store.getState, store.getInitialState, selector, isEqual)
}

/**
 * `useStore` for a service the client may not have (`client.devices` is null without auth or with
 * `devices: false`): null then, and nothing is subscribed.
 */
export function useOptionalStore<S extends object, T>(
  store: ReadableStore<S> | null,
  selector: (state: S) => T,
  isEqual?: (a: T, b: T) => boolean,
): T | null {
  const select = (state: S | null): T | null => (state === null ? null : selector(state))
  const equal = isEqual && ((a: T | null, b: T | null) => (a === null || b === null ? a === b : isEqual(a, b)))
  return useSelectedState<S | null, T | null>(
    store ? store.subscribe : subscribeNothing,
    store ? store.getState : nothing,
    store ? store.getInitialState : nothing,
    select,
    equal,
  )
}
