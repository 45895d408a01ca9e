import type { SessionUpdates } from '../contract/session-tracker.ts'
import type { Clock } from '../kernel/clock.ts'
import { BATCH_UPDATE_DELAY_MS } from '../kernel/constants.ts'

/**
 * What a sent batch came to: `ok`; `retry` (the network or the server failed: worth sending the
 * watch fields again); `final` (refused for good: a conflict, a bad body, a revoked device).
 */
export type BatchOutcome = 'ok' | 'retry' | 'final'

export interface UpdateBatcherDeps {
  clock: Clock
  /** Sends one POST batch-update with these updates. */
  send(updates: SessionUpdates): Promise<BatchOutcome>
}

export interface UpdateBatcher {
  /** Adds changes; the first change of a window starts the 5 s delay, later ones ride along. */
  queue(updates: SessionUpdates): void
  /** Sends what is queued now. */
  flush(): Promise<void>
  /** Drops queued fields (e.g. watch fields a direct watch call supersedes). */
  discard(keys: readonly (keyof SessionUpdates)[]): void
  /** Drops everything queued and the timer. */
  cancel(): void
  pending(): SessionUpdates | null
}

const WATCH_FIELDS = ['isWatchingVideo', 'videoId'] as const satisfies readonly (keyof SessionUpdates)[]

/**
 * Spec section 9: changes within 5 s go out as one POST batch-update; a failed batch is retried only
 * for its watch fields (the other fields are hints the next change replaces). A watch field is
 * retried once, with the next batch; a newer value queued meanwhile wins over the retried one.
 */
export function createUpdateBatcher(deps: UpdateBatcherDeps): UpdateBatcher {
  const { clock } = deps
  let queued: SessionUpdates = {}
  /** Queued watch fields that are already a retry; they are not retried again. */
  let retried = new Set<keyof SessionUpdates>()
  let timer: unknown = null

  const hasQueued = () => Object.keys(queued).length > 0

  const arm = () => {
    if (timer !== null || !hasQueued()) return
    timer = clock.setTimeout(() => {
      timer = null
      void flush()
    }, BATCH_UPDATE_DELAY_MS)
  }

  const disarm = () => {
    if (timer !== null) clock.clearTimeout(timer)
    timer = null
  }

  async function flush(): Promise<void> {
    disarm()
    if (!hasQueued()) return
    const updates = queued
    const wereRetries = retried
    queued = {}
    retried = new Set()
    let outcome: BatchOutcome
    try {
      outcome = await deps.send(updates)
    } catch {
      outcome = 'retry'
    }
    if (outcome !== 'retry') return
    let requeued = false
    for (const key of WATCH_FIELDS) {
      if (!(key in updates) || wereRetries.has(key) || key in queued) continue
      Object.assign(queued, { [key]: updates[key] })
      retried.add(key)
      requeued = true
    }
    if (requeued) arm()
  }

  return {
    queue(updates) {
      for (const [key, value] of Object.entries(updates) as [keyof SessionUpdates, unknown][]) {
        if (value === undefined) continue
        Object.assign(queued, { [key]: value })
        retried.delete(key)
      }
      arm()
    },
    flush,
    discard(keys) {
      for (const key of keys) {
        delete queued[key]
        retried.delete(key)
      }
      if (!hasQueued()) disarm()
    },
    cancel() {
      disarm()
      queued = {}
      retried = new Set()
    },
    pending: () => (hasQueued() ? { ...queued } : null),
  }
}
