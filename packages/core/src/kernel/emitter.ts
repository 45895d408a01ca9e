import mittModule, { type Emitter, type EventType, type Handler } from 'mitt'

// mitt's types describe its CommonJS build; ESM loaders (Node, bundlers) give its .mjs default export.
const mitt = mittModule as unknown as typeof mittModule.default

/**
 * A typed mitt emitter for one-off events (what happened once), next to a store (what is true now).
 * `subscribe` is `on` returning its own undo, the shape effect cleanups want.
 */
export interface EventEmitter<Events extends Record<EventType, unknown>> extends Emitter<Events> {
  subscribe<Key extends keyof Events>(type: Key, handler: Handler<Events[Key]>): () => void
}

export function createEmitter<Events extends Record<EventType, unknown>>(): EventEmitter<Events> {
  const emitter = mitt<Events>()
  return Object.assign(emitter, {
    subscribe<Key extends keyof Events>(type: Key, handler: Handler<Events[Key]>): () => void {
      emitter.on(type, handler)
      return () => emitter.off(type, handler)
    },
  })
}

export type NoticeKind = 'success' | 'error' | 'info' | 'warning'

/** A message for a toast. The core never renders it; a UI listens. */
export interface Notice {
  kind: NoticeKind
  message: string
  /** A second line, e.g. the reason and what to do (계정 생성 실패: the error and the suggestion). */
  description?: string
  /**
   * The action the notice is about (`sign-in`, `device-registration`, `GET <url>`, ...): a UI that
   * already shows the action's errors inline or in a dialog leaves them out, and the action's later
   * success (a `success` notice or a `settled` event with the same topic) makes them stale.
   */
  topic?: string
}

/** An action with a topic succeeded: what was said about its failure no longer holds. */
export interface Settled {
  topic: string
}

/** A request to go to an app path, after `delayMs` on the client's clock. */
export interface Navigation {
  to: string
  replace: boolean
  delayMs: number
}

/** Events every client emits, whatever services it has. */
export type ClientEvents = {
  notice: Notice
  navigate: Navigation
  settled: Settled
}
