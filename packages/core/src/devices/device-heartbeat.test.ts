import { describe, expect, it } from 'vitest'
import { MINUTE } from '../kernel/time-units.ts'
import { createSimulatedClock } from '../testing/index.ts'
import { createHeartbeatScheduler, type HeartbeatMode, type HeartbeatOutcome } from './device-heartbeat.ts'

function rig(outcome: () => HeartbeatOutcome = () => 'ok') {
  const clock = createSimulatedClock()
  const start = clock.now()
  let mode: HeartbeatMode = 'idle'
  let lastContact: number | null = start
  let lastHeartbeat: number | null = null
  const sent: number[] = []
  let timersSet = 0
  const scheduler = createHeartbeatScheduler({
    clock: {
      now: () => clock.now(),
      setTimeout: (callback, ms) => {
        timersSet++
        return clock.setTimeout(callback, ms)
      },
      clearTimeout: (handle) => clock.clearTimeout(handle),
    },
    mode: () => mode,
    lastContact: () => lastContact,
    lastHeartbeat: () => lastHeartbeat,
    async send() {
      const at = clock.now()
      sent.push((at - start) / MINUTE)
      lastContact = at
      lastHeartbeat = at
      await Promise.resolve()
      return outcome()
    },
  })
  return {
    clock,
    scheduler,
    sent,
    timersSet: () => timersSet,
    setMode(next: HeartbeatMode) {
      mode = next
      scheduler.reschedule()
    },
    contact(minutesFromStart: number) {
      lastContact = start + minutesFromStart * MINUTE
      scheduler.reschedule()
    },
  }
}

describe('heartbeat scheduler', () => {
  it('beats every 20 minutes idle, counted from the last contact', async () => {
    const r = rig()
    r.scheduler.start()
    await r.clock.tickAsync(60 * MINUTE)
    expect(r.sent).toEqual([20, 40, 60])
  })

  it('beats every minute while watching, and switches rhythm when the mode changes', async () => {
    const r = rig()
    r.scheduler.start()
    await r.clock.tickAsync(10 * MINUTE)
    r.setMode('watching')
    // The last contact was 10 minutes ago: a watching heartbeat is overdue and goes at once.
    await r.clock.tickAsync(3 * MINUTE)
    expect(r.sent).toEqual([10, 11, 12, 13])
    r.setMode('idle')
    await r.clock.tickAsync(40 * MINUTE)
    expect(r.sent).toEqual([10, 11, 12, 13, 33, 53])
  })

  it('another request renewing the lease defers the next heartbeat', async () => {
    const r = rig()
    r.scheduler.start()
    await r.clock.tickAsync(15 * MINUTE)
    r.contact(15)
    await r.clock.tickAsync(25 * MINUTE)
    expect(r.sent).toEqual([35])
  })

  it('retries a failed heartbeat after the minimum gap (5 min idle), not a whole interval', async () => {
    let fail = true
    const r = rig(() => (fail ? 'failed' : 'ok'))
    r.scheduler.start()
    await r.clock.tickAsync(20 * MINUTE)
    fail = false
    await r.clock.tickAsync(30 * MINUTE)
    expect(r.sent).toEqual([20, 25, 45])
  })

  it('sendIfStale sends an overdue heartbeat at once and nothing when none is due', async () => {
    const r = rig()
    r.scheduler.start()
    r.scheduler.sendIfStale()
    expect(r.sent).toEqual([])
    // A suspended laptop: the wall clock jumps, timers have not run.
    r.clock.setTime(r.clock.now() + 25 * MINUTE)
    r.scheduler.sendIfStale()
    expect(r.sent).toEqual([25])
    await r.clock.tickAsync(0)
    expect(r.sent).toEqual([25])
    // The next is due one interval after it.
    await r.clock.tickAsync(20 * MINUTE - 1)
    expect(r.sent).toEqual([25])
    await r.clock.tickAsync(1)
    expect(r.sent).toEqual([25, 45])
  })

  it('sendIfStale sends when the last contact is at least the minimum gap old (5 min idle, 1 min watching)', async () => {
    const r = rig()
    r.scheduler.start()
    await r.clock.tickAsync(4 * MINUTE)
    r.scheduler.sendIfStale()
    expect(r.sent).toEqual([])
    await r.clock.tickAsync(1 * MINUTE)
    r.scheduler.sendIfStale()
    expect(r.sent).toEqual([5])
    // The regular rhythm counts from it, and a second return right after sends nothing.
    r.scheduler.sendIfStale()
    await r.clock.tickAsync(20 * MINUTE)
    expect(r.sent).toEqual([5, 25])
    // Watching, the gap is 1 minute.
    r.setMode('watching')
    await r.clock.tickAsync(0.5 * MINUTE)
    r.scheduler.sendIfStale()
    expect(r.sent).toEqual([5, 25])
    await r.clock.tickAsync(0.5 * MINUTE)
    expect(r.sent).toEqual([5, 25, 26])
    // Stopped (signed out), it sends nothing.
    r.scheduler.stop()
    await r.clock.tickAsync(10 * MINUTE)
    r.scheduler.sendIfStale()
    expect(r.sent).toEqual([5, 25, 26])
  })

  it('never sends within the minimum gap of the last heartbeat', async () => {
    const r = rig()
    r.setMode('watching')
    r.scheduler.start()
    await r.clock.tickAsync(1 * MINUTE)
    expect(r.sent).toEqual([1])
    // The contact moves back (e.g. an older contact from another tab): the guard still holds.
    r.contact(0.5)
    const timersBefore = r.timersSet()
    await r.clock.tickAsync(0.9 * MINUTE)
    expect(r.sent).toEqual([1])
    await r.clock.tickAsync(0.1 * MINUTE)
    expect(r.sent).toEqual([1, 2])
    // Waiting out the gap takes one timer, not a busy loop.
    expect(r.timersSet() - timersBefore).toBeLessThanOrEqual(3)
  })

  it('stops: no timer is left behind', async () => {
    const r = rig()
    r.scheduler.start()
    r.scheduler.stop()
    expect(r.clock.pendingTimers()).toBe(0)
    await r.clock.tickAsync(60 * MINUTE)
    expect(r.sent).toEqual([])
  })
})
