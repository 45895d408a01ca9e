import { describe, expect, it } from 'vitest'
import type { SessionUpdates } from '../contract/session-tracker.ts'
import { createSimulatedClock } from '../testing/index.ts'
import { type BatchOutcome, createUpdateBatcher } from './device-batcher.ts'

function rig(outcomes: BatchOutcome[] = []) {
  const clock = createSimulatedClock()
  const start = clock.now()
  const sent: { at: number; updates: SessionUpdates }[] = []
  const batcher = createUpdateBatcher({
    clock,
    async send(updates) {
      sent.push({ at: (clock.now() - start) / 1000, updates })
      return outcomes.shift() ?? 'ok'
    },
  })
  return { clock, batcher, sent }
}

describe('update batcher', () => {
  it('sends the changes of one 5 s window as one batch, later values winning', async () => {
    const r = rig()
    r.batcher.queue({ userAgent: 'a', lastActivityAt: 1 })
    await r.clock.tickAsync(3000)
    r.batcher.queue({ lastActivityAt: 2 })
    await r.clock.tickAsync(1999)
    expect(r.sent).toEqual([])
    await r.clock.tickAsync(1)
    expect(r.sent).toEqual([{ at: 5, updates: { userAgent: 'a', lastActivityAt: 2 } }])
    r.batcher.queue({ lastActivityAt: 3 })
    await r.clock.tickAsync(5000)
    expect(r.sent.map((s) => s.at)).toEqual([5, 10])
  })

  it('retries a failed batch only for its watch fields, once', async () => {
    const r = rig(['retry', 'retry'])
    r.batcher.queue({ isWatchingVideo: false, videoId: null, lastActivityAt: 7, userAgent: 'ua' })
    await r.clock.tickAsync(5000)
    await r.clock.tickAsync(5000)
    await r.clock.tickAsync(60_000)
    expect(r.sent).toEqual([
      { at: 5, updates: { isWatchingVideo: false, videoId: null, lastActivityAt: 7, userAgent: 'ua' } },
      { at: 10, updates: { isWatchingVideo: false, videoId: null } },
    ])
  })

  it('a newer watch value queued meanwhile wins over the retried one', async () => {
    const r = rig(['retry'])
    r.batcher.queue({ isWatchingVideo: true, videoId: 'v1' })
    const first = r.batcher.flush()
    r.batcher.queue({ videoId: 'v2' })
    await first
    await r.clock.tickAsync(5000)
    expect(r.sent.map((s) => s.updates)).toEqual([
      { isWatchingVideo: true, videoId: 'v1' },
      { videoId: 'v2', isWatchingVideo: true },
    ])
  })

  it('does not retry a batch refused for good', async () => {
    const r = rig(['final'])
    r.batcher.queue({ isWatchingVideo: true, videoId: 'v1' })
    await r.clock.tickAsync(60_000)
    expect(r.sent).toHaveLength(1)
    expect(r.batcher.pending()).toBeNull()
  })

  it('discards and cancels queued fields', async () => {
    const r = rig()
    r.batcher.queue({ isWatchingVideo: true, videoId: 'v', lastActivityAt: 1 })
    r.batcher.discard(['isWatchingVideo', 'videoId'])
    expect(r.batcher.pending()).toEqual({ lastActivityAt: 1 })
    r.batcher.cancel()
    expect(r.clock.pendingTimers()).toBe(0)
    await r.clock.tickAsync(10_000)
    expect(r.sent).toEqual([])
  })
})
