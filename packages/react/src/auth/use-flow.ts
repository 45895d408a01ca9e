import { useSyncExternalStore } from 'react'

/** A core flow's shape as a binding sees it: a snapshot and its subscription. */
export interface SubscribableFlow<S> {
  getSnapshot(): S
  subscribe(listener: () => void): () => void
}

/** The flow's snapshot now, re-rendering when it changes (the server renders the same snapshot). */
export function useFlowSnapshot<S>(flow: SubscribableFlow<S>): S {
  return useSyncExternalStore(flow.subscribe, flow.getSnapshot, flow.getSnapshot)
}
