/**
 * A state container in the Zustand-vanilla shape, so it plugs straight into React's
 * `useSyncExternalStore(store.subscribe, store.getState)`. Snapshots are frozen and replaced, never
 * mutated; a write that changes nothing keeps the same snapshot and notifies nobody, so subscribers
 * that compare snapshots by identity do not re-render for nothing.
 */
export interface Store<S extends object> {
  getState(): S
  /** The state the store was created with; what `useSyncExternalStore` uses on the server. */
  getInitialState(): S
  /**
   * Merges `partial` (or what `updater` returns) into the state, or swaps the whole state with
   * `replace`. Listeners run only when at least one field changed (by `Object.is`).
   */
  setState(partial: Partial<S> | ((state: S) => Partial<S>), replace?: false): void
  setState(state: S | ((state: S) => S), replace: true): void
  /** Returns the unsubscribe function. */
  subscribe(listener: StoreListener<S>): () => void
}

export type StoreListener<S> = (state: S, previous: S) => void

/** A read-only view for consumers: services write, UIs read. */
export type ReadableStore<S extends object> = Pick<Store<S>, 'getState' | 'getInitialState' | 'subscribe'>

export function createStore<S extends object>(initial: S): Store<S> {
  const initialState = Object.freeze({ ...initial }) as S
  let state = initialState
  const listeners = new Set<StoreListener<S>>()

  const setState = (input: Partial<S> | S | ((current: S) => Partial<S> | S), replace?: boolean): void => {
    const next = typeof input === 'function' ? input(state) : input
    if (Object.is(next, state)) return
    if (replace ? sameFields(next, state) : changesNothing(next as Partial<S>, state)) return
    const candidate = replace ? (next as S) : ({ ...state, ...next } as S)
    const previous = state
    state = Object.freeze(candidate)
    for (const listener of [...listeners]) listener(state, previous)
  }

  return {
    getState: () => state,
    getInitialState: () => initialState,
    setState: setState as Store<S>['setState'],
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/** A patch whose every field the state already has, with the same value: checked before copying the state. */
function changesNothing<S extends object>(patch: Partial<S>, state: S): boolean {
  for (const key of Object.keys(patch)) {
    if (!Object.hasOwn(state, key)) return false
    if (!Object.is((patch as Record<string, unknown>)[key], (state as Record<string, unknown>)[key])) return false
  }
  return true
}

function sameFields(a: object, b: object): boolean {
  const aKeys = Object.keys(a)
  if (aKeys.length !== Object.keys(b).length) return false
  return aKeys.every(
    (key) =>
      Object.hasOwn(b, key) && Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}
