import { createStore } from '../../kernel/store.ts'

/**
 * A page flow's state: the `getSnapshot`/`subscribe` pair a binding subscribes to (React's
 * `useSyncExternalStore` takes it as it is) and the flow's own `set`. `whileListened` runs while
 * anyone listens (a countdown's timer); its return value stops it when the last listener leaves.
 */
export interface FlowStore<S extends object> {
  getSnapshot(): S
  subscribe(listener: () => void): () => void
  /** Merges `patch`; listeners hear of it only when a field changed (by `Object.is`). */
  set(patch: Partial<S>): void
  /** Swaps the whole snapshot (a form back to its start); listeners hear of it only when a field changed. */
  replace(snapshot: S): void
  readonly listened: boolean
}

export function createFlowStore<S extends object>(initial: S, whileListened?: () => () => void): FlowStore<S> {
  const store = createStore(initial)
  let listeners = 0
  let stop: (() => void) | null = null
  return {
    getSnapshot: store.getState,
    subscribe(listener) {
      const unsubscribe = store.subscribe(() => listener())
      listeners++
      if (listeners === 1 && whileListened) stop = whileListened()
      let subscribed = true
      return () => {
        if (!subscribed) return
        subscribed = false
        unsubscribe()
        listeners--
        if (listeners === 0) {
          stop?.()
          stop = null
        }
      }
    },
    set: (patch) => store.setState(patch),
    replace: (snapshot) => store.setState(snapshot, true),
    get listened() {
      return listeners > 0
    },
  }
}
