import type { ReadableStore } from '@coursekit/core'
import useSyncExternalStoreExports from 'use-sync-external-store/with-selector'

// The package is CommonJS: its default export is `module.exports`, the shape every loader agrees on.
const { useSyncExternalStoreWithSelector } = useSyncExternalStoreExports

const identity = <T>(value: T): T => value
const subscribeNothing = () => () => {}
const nothing = () => null

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
  return useSyncExternalStoreWithSelector(store.subscribe, store.getState, store.getInitialState, selector, isEqual)
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
  return useSyncExternalStoreWithSelector<S | null, T | null>(
    store ? store.subscribe : subscribeNothing,
    store ? store.getState : nothing,
    store ? store.getInitialState : nothing,
    select,
    equal,
  )
}
