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
}
