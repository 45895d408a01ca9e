import { createSimulatedClock } from '@coursekit/core/testing'
import { describe, expect, it } from 'vitest'
import { DeviceRegistry } from './devices.ts'

const LEASE = 40 * 60_000

function registry(deviceLimit = 2, tombstonesPerUser?: number) {
  const clock = createSimulatedClock()
  const devices = new DeviceRegistry({
    clock,
    deviceLimit,
    leaseMs: LEASE,
    ...(tombstonesPerUser === undefined ? {} : { tombstonesPerUser }),
  })
  return { clock, devices }
}

describe('DeviceRegistry', () => {
  it('registers a device and lets a reload re-register the same id without taking a slot', () => {
    const { clock, devices } = registry(1)
    const first = devices.register('u1', 'u1_a', 'Chrome')
    expect(first).toMatchObject({ kind: 'registered', created: true })
    clock.tick(5_000)
    const again = devices.register('u1', 'u1_a', 'Chrome 132')
    expect(again).toMatchObject({ kind: 'registered', created: false })
    const [only] = devices.list('u1')
    expect(devices.list('u1')).toHaveLength(1)
    expect(only?.userAgent).toBe('Chrome 132')
    expect(only?.lastSeenAt).toBe(clock.now())
    expect(only?.createdAt).toBe(clock.now() - 5_000)
  })

  it('refuses a third device at limit 2 and lists the live ones', () => {
    const { devices } = registry(2)
    devices.register('u1', 'a', 'A')
    devices.register('u1', 'b', 'B')
    const third = devices.register('u1', 'c', 'C')
    expect(third.kind).toBe('limit')
    if (third.kind === 'limit') expect(third.sessions.map((session) => session.id)).toEqual(['a', 'b'])
    expect(devices.register('u2', 'c', 'C').kind).toBe('registered')
  })

  it('refuses an id that another user holds', () => {
    const { devices } = registry()
    devices.register('u1', 'shared', 'A')
    expect(devices.register('u2', 'shared', 'B')).toEqual({ kind: 'foreign' })
    expect(devices.heartbeat('u2', 'shared')).toEqual({ kind: 'foreign' })
    expect(devices.list('u2')).toEqual([])
  })

  it('keeps one oldest even when devices are created in the same millisecond', () => {
    const { devices } = registry(3)
    devices.register('u1', 'first', 'A')
    devices.register('u1', 'second', 'B')
    devices.register('u1', 'third', 'C')
    expect(devices.list('u1').map((session) => session.id)).toEqual(['first', 'second', 'third'])
  })

  it('keeps a session alive for exactly the lease and expires it once it has been silent longer', () => {
    const { clock, devices } = registry(1)
    devices.register('u1', 'a', 'A')
    clock.tick(LEASE)
    expect(devices.list('u1')).toHaveLength(1)
    expect(devices.register('u1', 'b', 'B').kind).toBe('limit')
    clock.tick(1)
    expect(devices.list('u1')).toEqual([])
    expect(devices.heartbeat('u1', 'a')).toEqual({ kind: 'revoked', reason: 'expired' })
    expect(devices.register('u1', 'b', 'B')).toMatchObject({ kind: 'registered', created: true })
  })

  it('counts the live sessions as list does, expiring the silent ones with the same tombstones', () => {
    const { clock, devices } = registry(3)
    devices.register('u1', 'a', 'A')
    clock.tick(LEASE / 2)
    devices.register('u1', 'b', 'B')
    devices.register('u1', 'c', 'C')
    expect(devices.liveCount('u1')).toBe(3)
    expect(devices.liveCount('nobody')).toBe(0)
    clock.tick(LEASE / 2 + 1)
    expect(devices.liveCount('u1')).toBe(2)
    expect(devices.list('u1').map((session) => session.id)).toEqual(['b', 'c'])
    expect(devices.heartbeat('u1', 'a')).toEqual({ kind: 'revoked', reason: 'expired' })
    clock.tick(LEASE)
    expect(devices.liveCount('u1')).toBe(0)
    expect(devices.snapshot().users[0]?.revoked).toEqual([
      { id: 'a', reason: 'expired' },
      { id: 'b', reason: 'expired' },
      { id: 'c', reason: 'expired' },
    ])
  })

  it('backdates one session: only its lease runs out, the clock and the other sessions stay', () => {
    const { clock, devices } = registry(2)
    devices.register('u1', 'a', 'A')
    devices.register('u1', 'b', 'B')
    const now = clock.now()
    expect(devices.backdate('a', LEASE)?.lastSeenAt).toBe(now - LEASE)
    expect(devices.list('u1')).toHaveLength(2)
    devices.backdate('a', 1)
    expect(devices.list('u1').map((session) => session.id)).toEqual(['b'])
    expect(devices.heartbeat('u1', 'a')).toEqual({ kind: 'revoked', reason: 'expired' })
    expect(devices.backdate('a', 1)).toBeNull()
    expect(clock.now()).toBe(now)
  })

  it('forgets one session as a restart does: its next call hears reason unknown, and it may register again', () => {
    const { devices } = registry(2)
    devices.register('u1', 'a', 'A')
    devices.register('u1', 'b', 'B')
    expect(devices.forget('a')?.id).toBe('a')
    expect(devices.forget('a')).toBeNull()
    expect(devices.list('u1').map((session) => session.id)).toEqual(['b'])
    expect(devices.heartbeat('u1', 'a')).toEqual({ kind: 'revoked', reason: 'unknown' })
    expect(devices.register('u1', 'a', 'A')).toMatchObject({ kind: 'registered', created: true })
  })

  it('renews the lease on every heartbeat', () => {
    const { clock, devices } = registry(1)
    devices.register('u1', 'a', 'A')
    for (let i = 0; i < 5; i++) {
      clock.tick(LEASE - 1)
      expect(devices.heartbeat('u1', 'a').kind).toBe('ok')
    }
  })

  it('tells a signed-out device why, and an id it never saw that it is unknown', () => {
    const { devices } = registry(4)
    for (const id of ['removed', 'forced', 'ended', 'new']) devices.register('u1', id, id)
    devices.remove('u1', 'removed')
    devices.forceLogout('u1', 'forced')
    devices.end('ended')
    expect(devices.heartbeat('u1', 'removed')).toEqual({ kind: 'revoked', reason: 'removed' })
    expect(devices.watch('u1', 'forced', 'v')).toEqual({ kind: 'revoked', reason: 'forced' })
    expect(devices.endWatch('u1', 'ended')).toEqual({ kind: 'revoked', reason: 'ended' })
    expect(devices.batchUpdate('u1', 'never', {})).toEqual({ kind: 'revoked', reason: 'unknown' })
    expect(devices.heartbeat('u2', 'removed')).toEqual({ kind: 'revoked', reason: 'unknown' })
  })

  it('bounds the remembered revoked ids per user, forgetting the oldest', () => {
    const { devices } = registry(1, 3)
    for (let i = 0; i < 5; i++) {
      devices.register('u1', `s${i}`, 'A')
      devices.end(`s${i}`)
    }
    expect(devices.heartbeat('u1', 's0')).toEqual({ kind: 'revoked', reason: 'unknown' })
    expect(devices.heartbeat('u1', 's1')).toEqual({ kind: 'revoked', reason: 'unknown' })
    expect(devices.heartbeat('u1', 's2')).toEqual({ kind: 'revoked', reason: 'ended' })
    expect(devices.snapshot().users[0]?.revoked.map((entry) => entry.id)).toEqual(['s2', 's3', 's4'])
  })

  it('counts an ended id that registers again as a new device', () => {
    const { devices } = registry(1)
    devices.register('u1', 'a', 'A')
    devices.end('a')
    devices.register('u1', 'b', 'B')
    expect(devices.register('u1', 'a', 'A').kind).toBe('limit')
    devices.end('b')
    expect(devices.register('u1', 'a', 'A')).toMatchObject({ kind: 'registered', created: true })
    expect(devices.heartbeat('u1', 'a').kind).toBe('ok')
  })

  it('tells an id removed, forced out or signed out by an admin why, however free the slots', () => {
    const { devices } = registry(5)
    for (const id of ['a', 'b', 'c', 'd']) devices.register('u1', id, id)
    devices.remove('u1', 'a')
    devices.forceLogout('u1', 'b')
    devices.signOut('c')
    expect(devices.register('u1', 'a', 'A')).toEqual({ kind: 'revoked', reason: 'removed' })
    expect(devices.register('u1', 'b', 'B')).toEqual({ kind: 'revoked', reason: 'forced' })
    expect(devices.register('u1', 'c', 'C')).toEqual({ kind: 'revoked', reason: 'admin' })
    expect(devices.list('u1').map((session) => session.id)).toEqual(['d'])
  })

  it('makes watching exclusive per user but lets the same device switch videos', () => {
    const { devices } = registry(3)
    devices.register('u1', 'a', 'A')
    devices.register('u1', 'b', 'B')
    devices.register('u2', 'c', 'C')
    expect(devices.watch('u1', 'a', 'v1').kind).toBe('ok')
    expect(devices.watch('u1', 'a', 'v2').kind).toBe('ok')
    const conflict = devices.watch('u1', 'b', 'v3')
    expect(conflict.kind).toBe('conflict')
    if (conflict.kind === 'conflict') expect(conflict.other).toMatchObject({ id: 'a', videoId: 'v2' })
    expect(devices.watch('u2', 'c', 'v2').kind).toBe('ok')
    devices.endWatch('u1', 'a')
    expect(devices.watch('u1', 'b', 'v3').kind).toBe('ok')
  })

  it('does not let an expired watcher block another device', () => {
    const { clock, devices } = registry(2)
    devices.register('u1', 'a', 'A')
    devices.watch('u1', 'a', 'v1')
    clock.tick(LEASE - 10)
    devices.register('u1', 'b', 'B')
    clock.tick(11)
    expect(devices.watch('u1', 'b', 'v1').kind).toBe('ok')
  })

  it('ends the other devices’ watches on terminateOthers and keeps them signed in', () => {
    const { devices } = registry(3)
    for (const id of ['a', 'b', 'c']) devices.register('u1', id, id)
    devices.watch('u1', 'b', 'v1')
    const result = devices.terminateOthers('u1', 'a')
    expect(result).toMatchObject({ kind: 'ok', terminated: 1 })
    expect(devices.list('u1').map((session) => [session.id, session.isWatchingVideo])).toEqual([
      ['a', false],
      ['b', false],
      ['c', false],
    ])
    expect(devices.watch('u1', 'a', 'v1').kind).toBe('ok')
  })

  it('applies batch updates under the same watch rule and reports the applied keys', () => {
    const { devices } = registry(2)
    devices.register('u1', 'a', 'A')
    devices.register('u1', 'b', 'B')
    const applied = devices.batchUpdate('u1', 'a', { isWatchingVideo: true, videoId: 'v1', lastActivityAt: 5 })
    expect(applied).toMatchObject({ kind: 'ok', applied: ['isWatchingVideo', 'videoId', 'lastActivityAt'] })
    expect(devices.batchUpdate('u1', 'b', { videoId: 'v2' }).kind).toBe('conflict')
    expect(devices.list('u1')[1]).toMatchObject({ isWatchingVideo: false, videoId: null })
    expect(devices.batchUpdate('u1', 'a', { isWatchingVideo: false })).toMatchObject({ kind: 'ok' })
    expect(devices.list('u1')[0]).toMatchObject({ isWatchingVideo: false, videoId: null })
    expect(devices.batchUpdate('u1', 'a', { isWatchingVideo: true }).kind).toBe('invalid')
  })

  it('force-logs-out one device and registers the new one in the freed slot in the same step', () => {
    const { devices } = registry(2)
    devices.register('u1', 'a', 'A')
    devices.register('u1', 'b', 'B')
    const result = devices.forceLogout('u1', 'a', { id: 'c', userAgent: 'C' })
    expect(result).toMatchObject({ kind: 'done', removed: { id: 'a' }, registered: { id: 'c', userAgent: 'C' } })
    expect(devices.list('u1').map((session) => session.id)).toEqual(['b', 'c'])
    expect(devices.forceLogout('u1', 'a')).toEqual({ kind: 'not-found' })
    expect(devices.forceLogout('u2', 'b')).toEqual({ kind: 'not-found' })
    expect(devices.forceLogout('u1', 'b', { id: 'b', userAgent: 'B' })).toEqual({ kind: 'same-id' })
  })

  it('changes nothing when the new id of a force-logout belongs to another user', () => {
    const { devices } = registry(2)
    devices.register('u1', 'a', 'A')
    devices.register('u2', 'theirs', 'X')
    expect(devices.forceLogout('u1', 'a', { id: 'theirs', userAgent: 'C' })).toEqual({ kind: 'foreign-new' })
    expect(devices.list('u1').map((session) => session.id)).toEqual(['a'])
  })

  it('removes only the caller’s own live sessions', () => {
    const { devices } = registry(2)
    devices.register('u1', 'a', 'A')
    expect(devices.remove('u2', 'a')).toBeNull()
    expect(devices.remove('u1', 'missing')).toBeNull()
    expect(devices.remove('u1', 'a')?.id).toBe('a')
    expect(devices.remove('u1', 'a')).toBeNull()
  })

  it('snapshots live sessions and revoked ids per user', () => {
    const { devices } = registry(2)
    devices.register('u1', 'a', 'A')
    devices.register('u1', 'b', 'B')
    devices.end('b')
    expect(devices.snapshot()).toMatchObject({
      deviceLimit: 2,
      leaseMs: LEASE,
      liveSessions: 1,
      users: [{ userId: 'u1', sessions: [{ id: 'a', userAgent: 'A' }], revoked: [{ id: 'b', reason: 'ended' }] }],
    })
  })
})
