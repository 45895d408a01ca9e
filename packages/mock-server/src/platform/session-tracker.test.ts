import {
  ApiErrorBody,
  BatchUpdateResponse,
  DeviceLimitBody,
  EndSessionResponse,
  EndWatchResponse,
  ForceLogoutResponse,
  HeartbeatResponse,
  RegisterSessionResponse,
  RemoveSessionResponse,
  SessionListResponse,
  SessionRevokedBody,
  TerminateOthersResponse,
  VideoConflictBody,
  WatchResponse,
} from '@coursekit/core/contract'
import { CHROME_WINDOWS, SAFARI_IPHONE } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { demoAccounts } from '../demo-accounts.ts'
import { API, type ApiCaller, createPlatformTestBed, expectBody } from './test-helpers.ts'

const T = '/api/v2/session-tracker'
const LEASE = 40 * 60_000
const LEARNER = demoAccounts.learner.id

const register = (api: ApiCaller, sessionId: string, userAgent = CHROME_WINDOWS) =>
  api.post(T, { sessionId, userAgent })

async function sessionIds(api: ApiCaller): Promise<string[]> {
  const list = expectBody(await api.get(`${T}/sessions`), 200, SessionListResponse)
  return list.sessions.map((item) => item.id)
}

describe('session-tracker registration', () => {
  it('registers a device and answers with the device list and the server state', async () => {
    const { as, clock } = await createPlatformTestBed()
    const learner = await as('learner')
    const body = expectBody(await register(learner, `${LEARNER}_a`), 200, RegisterSessionResponse)
    expect(body).toMatchObject({ sessionId: `${LEARNER}_a`, canForceLogout: false })
    expect(body.sessions).toEqual([
      {
        id: `${LEARNER}_a`,
        isOldest: true,
        device: {
          sessionId: `${LEARNER}_a`,
          userAgent: CHROME_WINDOWS,
          createdAt: new Date(clock.now()).toISOString(),
          lastSeenAt: new Date(clock.now()).toISOString(),
          isWatchingVideo: false,
          videoId: null,
        },
      },
    ])
    expect(body.serverState).toEqual({
      sessionId: `${LEARNER}_a`,
      isWatchingVideo: false,
      videoId: null,
      activeSessions: 1,
      serverTime: new Date(clock.now()).toISOString(),
    })
  })

  it('treats a reload that registers the same id again as the same device, refreshing it', async () => {
    const { as, clock } = await createPlatformTestBed({ deviceLimit: 1 })
    const learner = await as('learner')
    await register(learner, 's1', CHROME_WINDOWS)
    clock.tick(60_000)
    const body = expectBody(await register(learner, 's1', SAFARI_IPHONE), 200, RegisterSessionResponse)
    expect(body.created).toBe(false)
    expect(body.sessions).toHaveLength(1)
    expect(body.sessions[0]?.device).toMatchObject({
      userAgent: SAFARI_IPHONE,
      lastSeenAt: new Date(clock.now()).toISOString(),
      createdAt: new Date(clock.now() - 60_000).toISOString(),
    })
  })

  it('tells an id signed out on purpose why when it registers again, and takes no slot for it', async () => {
    const { as } = await createPlatformTestBed({ deviceLimit: 4 })
    const learner = await as('learner')
    const admin = await as('admin')
    for (const id of ['kept', 'removed', 'forced', 'by-admin']) await register(learner, id)
    expect((await learner.delete(`${T}/sessions/removed`)).status).toBe(200)
    expect((await learner.delete(`${T}/force-logout/forced`)).status).toBe(200)
    expect((await admin.delete('/api/v2/admin/sessions/by-admin')).status).toBe(200)
    for (const [id, reason] of [
      ['removed', 'removed'],
      ['forced', 'forced'],
      ['by-admin', 'admin'],
    ] as const) {
      const told = expectBody(await register(learner, id), 401, SessionRevokedBody)
      expect(told.reason).toBe(reason)
    }
    expect(await sessionIds(learner)).toEqual(['kept'])
  })

  it('registers an ended or expired id again as a new device', async () => {
    const { as, clock } = await createPlatformTestBed({ deviceLimit: 2 })
    const learner = await as('learner')
    await register(learner, 'ended')
    expect((await learner.post(`${T}/end`, { sessionId: 'ended' })).status).toBe(200)
    expect(expectBody(await register(learner, 'ended'), 200, RegisterSessionResponse).created).toBe(true)
    clock.tick(LEASE + 1)
    expect(expectBody(await register(learner, 'ended'), 200, RegisterSessionResponse).created).toBe(true)
  })

  it('takes the user agent header when the body leaves it empty', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    const body = expectBody(await register(learner, 's1', ''), 200, RegisterSessionResponse)
    expect(body.sessions[0]?.device.userAgent).toBe(CHROME_WINDOWS)
  })

  it('refuses a session id that belongs to another user with 403 FORBIDDEN', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    const admin = await as('admin')
    await register(learner, 'taken')
    const refused = expectBody(await register(admin, 'taken'), 403, ApiErrorBody)
    expect(refused.code).toBe('FORBIDDEN')
    expect(await sessionIds(admin)).toEqual([])
    expect(await sessionIds(learner)).toEqual(['taken'])
  })

  it('answers 403 DEVICE_LIMIT_REACHED at the limit, listing the devices with the oldest marked', async () => {
    const { as, clock } = await createPlatformTestBed({ deviceLimit: 2 })
    const learner = await as('learner')
    await register(learner, 'old', CHROME_WINDOWS)
    clock.tick(1_000)
    await register(learner, 'newer', SAFARI_IPHONE)
    await learner.post(`${T}/watch`, { sessionId: 'newer', videoId: 'video-101-2' })
    const limit = expectBody(await register(learner, 'third'), 403, DeviceLimitBody)
    expect(limit).toMatchObject({
      error: '최대 기기 수에 도달했습니다.',
      message: '최대 기기 수에 도달했습니다.',
      code: 'DEVICE_LIMIT_REACHED',
      canForceLogout: true,
    })
    expect(limit.sessions.map((item) => [item.id, item.isOldest])).toEqual([
      ['old', true],
      ['newer', false],
    ])
    expect(limit.sessions[1]?.device).toMatchObject({
      userAgent: SAFARI_IPHONE,
      isWatchingVideo: true,
      videoId: 'video-101-2',
    })
    expect(await sessionIds(learner)).toEqual(['old', 'newer'])
  })

  it('with canForceLogout false, the limit 403 offers no removal and still lists the devices', async () => {
    const { as } = await createPlatformTestBed({ deviceLimit: 1, canForceLogout: false })
    const learner = await as('learner')
    await register(learner, 'only')
    const limit = expectBody(await register(learner, 'second'), 403, DeviceLimitBody)
    expect(limit).toMatchObject({ code: 'DEVICE_LIMIT_REACHED', canForceLogout: false, deviceLimit: 1 })
    expect(limit.sessions.map((item) => item.id)).toEqual(['only'])
    expect(await sessionIds(learner)).toEqual(['only'])
  })

  it('holds the limit when 20 registrations of one user race', async () => {
    const { as } = await createPlatformTestBed({ deviceLimit: 2 })
    const learner = await as('learner')
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => register(learner, `race-${i}`)))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(2)
    expect(statuses.filter((status) => status === 403)).toHaveLength(18)
    for (const answer of answers.filter((a) => a.status === 403)) expectBody(answer, 403, DeviceLimitBody)
    expect(await sessionIds(learner)).toHaveLength(2)
  })

  it('counts each user separately', async () => {
    const { as } = await createPlatformTestBed({ deviceLimit: 1 })
    const learner = await as('learner')
    const admin = await as('admin')
    expect((await register(learner, 'l1')).status).toBe(200)
    expect((await register(admin, 'a1')).status).toBe(200)
    expect((await register(learner, 'l2')).status).toBe(403)
  })

  it('lists only the caller’s own live devices', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    const admin = await as('admin')
    await register(learner, 'l1')
    await register(admin, 'a1')
    expect(await sessionIds(learner)).toEqual(['l1'])
    expect(await sessionIds(admin)).toEqual(['a1'])
  })
})

describe('session-tracker lease', () => {
  it('keeps a silent device for 40 minutes and expires it once silent longer than that', async () => {
    const { as, clock } = await createPlatformTestBed({ deviceLimit: 1 })
    const learner = await as('learner')
    await register(learner, 'quiet')
    clock.tick(LEASE)
    expect(await sessionIds(learner)).toEqual(['quiet'])
    expect((await register(learner, 'other')).status).toBe(403)
    clock.tick(1)
    expect(await sessionIds(learner)).toEqual([])
    const revoked = expectBody(await learner.post(`${T}/heartbeat`, { sessionId: 'quiet' }), 401, SessionRevokedBody)
    expect(revoked.reason).toBe('expired')
    expect((await register(learner, 'other')).status).toBe(200)
  })

  it('renews the lease with every heartbeat', async () => {
    const { as, clock } = await createPlatformTestBed({ deviceLimit: 1, jwtExpirySeconds: 24 * 3600 })
    const learner = await as('learner')
    await register(learner, 'busy')
    for (let i = 0; i < 3; i++) {
      clock.tick(LEASE - 1)
      const beat = expectBody(await learner.post(`${T}/heartbeat`, { sessionId: 'busy' }), 200, HeartbeatResponse)
      expect(beat.serverState).toMatchObject({ sessionId: 'busy', activeSessions: 1 })
    }
    expect(await sessionIds(learner)).toEqual(['busy'])
  })

  it('uses the configured lease', async () => {
    const { as, clock } = await createPlatformTestBed({ sessionLeaseMs: 60_000 })
    const learner = await as('learner')
    await register(learner, 's1')
    clock.tick(60_000)
    expect(await sessionIds(learner)).toEqual(['s1'])
    clock.tick(1)
    expect(await sessionIds(learner)).toEqual([])
  })
})

describe('session-tracker heartbeat', () => {
  it('refreshes lastSeenAt and answers with the server state', async () => {
    const { as, clock } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, 's1')
    clock.tick(20 * 60_000)
    const beat = expectBody(await learner.post(`${T}/heartbeat`, { sessionId: 's1' }), 200, HeartbeatResponse)
    expect(beat.serverState.serverTime).toBe(new Date(clock.now()).toISOString())
    const list = expectBody(await learner.get(`${T}/sessions`), 200, SessionListResponse)
    expect(list.sessions[0]?.device.lastSeenAt).toBe(new Date(clock.now()).toISOString())
  })
})

describe('session-tracker watching', () => {
  it('makes watching exclusive per user with 409 VIDEO_CONFLICT naming the other device', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, 'pc', CHROME_WINDOWS)
    await register(learner, 'phone', SAFARI_IPHONE)
    const watching = expectBody(
      await learner.post(`${T}/watch`, { sessionId: 'pc', videoId: 'video-101-1' }),
      200,
      WatchResponse,
    )
    expect(watching).toMatchObject({ videoId: 'video-101-1', serverState: { isWatchingVideo: true } })
    const conflict = expectBody(
      await learner.post(`${T}/watch`, { sessionId: 'phone', videoId: 'video-102-1' }),
      409,
      VideoConflictBody,
    )
    expect(conflict.code).toBe('VIDEO_CONFLICT')
    expect(conflict.device).toMatchObject({
      sessionId: 'pc',
      userAgent: CHROME_WINDOWS,
      isWatchingVideo: true,
      videoId: 'video-101-1',
    })
  })

  it('lets the watching device watch again or switch videos', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, 'pc')
    await learner.post(`${T}/watch`, { sessionId: 'pc', videoId: 'video-101-1' })
    expect((await learner.post(`${T}/watch`, { sessionId: 'pc', videoId: 'video-101-1' })).status).toBe(200)
    const switched = expectBody(
      await learner.post(`${T}/watch`, { sessionId: 'pc', videoId: 'video-101-2' }),
      200,
      WatchResponse,
    )
    expect(switched.serverState).toMatchObject({ isWatchingVideo: true, videoId: 'video-101-2' })
  })

  it('does not let another user’s watch block this user', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    const admin = await as('admin')
    await register(learner, 'l1')
    await register(admin, 'a1')
    await learner.post(`${T}/watch`, { sessionId: 'l1', videoId: 'v' })
    expect((await admin.post(`${T}/watch`, { sessionId: 'a1', videoId: 'v' })).status).toBe(200)
  })

  it('frees the watch on end-watch', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, 'pc')
    await register(learner, 'phone')
    await learner.post(`${T}/watch`, { sessionId: 'pc', videoId: 'v1' })
    const ended = expectBody(await learner.post(`${T}/end-watch`, { sessionId: 'pc' }), 200, EndWatchResponse)
    expect(ended.serverState).toMatchObject({ isWatchingVideo: false, videoId: null })
    expect((await learner.post(`${T}/watch`, { sessionId: 'phone', videoId: 'v1' })).status).toBe(200)
  })

  it('ends the other devices’ watches on terminate-others, leaving them signed in', async () => {
    const { as } = await createPlatformTestBed({ deviceLimit: 3 })
    const learner = await as('learner')
    for (const id of ['pc', 'phone', 'tablet']) await register(learner, id)
    await learner.post(`${T}/watch`, { sessionId: 'pc', videoId: 'v1' })
    const result = expectBody(
      await learner.post(`${T}/terminate-others`, { sessionId: 'phone', videoId: 'v1' }),
      200,
      TerminateOthersResponse,
    )
    expect(result).toMatchObject({ terminated: 1, serverState: { sessionId: 'phone', activeSessions: 3 } })
    expect(await sessionIds(learner)).toEqual(['pc', 'phone', 'tablet'])
    const pcBeat = expectBody(await learner.post(`${T}/heartbeat`, { sessionId: 'pc' }), 200, HeartbeatResponse)
    expect(pcBeat.serverState).toMatchObject({ isWatchingVideo: false, videoId: null })
    expect((await learner.post(`${T}/watch`, { sessionId: 'phone', videoId: 'v1' })).status).toBe(200)
    const none = expectBody(
      await learner.post(`${T}/terminate-others`, { sessionId: 'phone', videoId: 'v1' }),
      200,
      TerminateOthersResponse,
    )
    expect(none.terminated).toBe(0)
  })
})

describe('session-tracker batch-update', () => {
  it('applies the updates, lists the applied keys and refreshes lastSeenAt', async () => {
    const { as, clock } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, 'pc')
    clock.tick(5_000)
    const result = expectBody(
      await learner.post(`${T}/batch-update`, {
        sessionId: 'pc',
        updates: { isWatchingVideo: true, videoId: 'v1', userAgent: SAFARI_IPHONE },
        timestamp: clock.now(),
      }),
      200,
      BatchUpdateResponse,
    )
    expect(result.applied).toEqual(['isWatchingVideo', 'videoId', 'userAgent'])
    expect(result.serverState).toMatchObject({ isWatchingVideo: true, videoId: 'v1' })
    const list = expectBody(await learner.get(`${T}/sessions`), 200, SessionListResponse)
    expect(list.sessions[0]?.device).toMatchObject({
      userAgent: SAFARI_IPHONE,
      lastSeenAt: new Date(clock.now()).toISOString(),
    })
  })

  it('answers 409 for a watch update that conflicts, changing nothing', async () => {
    const { as, clock } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, 'pc')
    await register(learner, 'phone')
    await learner.post(`${T}/watch`, { sessionId: 'pc', videoId: 'v1' })
    const conflict = await learner.post(`${T}/batch-update`, {
      sessionId: 'phone',
      updates: { isWatchingVideo: true, videoId: 'v2', userAgent: SAFARI_IPHONE },
      timestamp: clock.now(),
    })
    expect(expectBody(conflict, 409, VideoConflictBody).device.sessionId).toBe('pc')
    const list = expectBody(await learner.get(`${T}/sessions`), 200, SessionListResponse)
    expect(list.sessions[1]?.device).toMatchObject({ isWatchingVideo: false, videoId: null, userAgent: CHROME_WINDOWS })
  })

  it('answers 400 for watching without a video', async () => {
    const { as, clock } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, 'pc')
    const answer = await learner.post(`${T}/batch-update`, {
      sessionId: 'pc',
      updates: { isWatchingVideo: true },
      timestamp: clock.now(),
    })
    expect(expectBody(answer, 400, ApiErrorBody).code).toBe('BAD_REQUEST')
  })
})

describe('session-tracker end (public beacon)', () => {
  it('ends a session from a text/plain beacon without a token', async () => {
    const { as, anonymous } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, 'pc')
    const answer = await anonymous.request('POST', `${T}/end`, JSON.stringify({ sessionId: 'pc' }), {
      'content-type': 'text/plain;charset=UTF-8',
    })
    expect(expectBody(answer, 200, EndSessionResponse).sessionId).toBe('pc')
    expect(await sessionIds(learner)).toEqual([])
    const revoked = expectBody(await learner.post(`${T}/heartbeat`, { sessionId: 'pc' }), 401, SessionRevokedBody)
    expect(revoked.reason).toBe('ended')
  })

  it('answers 200 for an unknown or already ended id: ending is idempotent', async () => {
    const { anonymous } = await createPlatformTestBed()
    const first = expectBody(await anonymous.post(`${T}/end`, { sessionId: 'never' }), 200, EndSessionResponse)
    expect(first).toMatchObject({ sessionId: 'never', ended: false })
  })
})

describe('session-tracker device removal', () => {
  it('removes one of the caller’s devices, which is then told it was removed', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, 'pc')
    await register(learner, 'phone')
    const removed = expectBody(await learner.delete(`${T}/sessions/phone`), 200, RemoveSessionResponse)
    expect(removed.removedSessionId).toBe('phone')
    expect(await sessionIds(learner)).toEqual(['pc'])
    const revoked = expectBody(
      await learner.post(`${T}/watch`, { sessionId: 'phone', videoId: 'v' }),
      401,
      SessionRevokedBody,
    )
    expect(revoked).toMatchObject({ code: 'SESSION_REVOKED', reason: 'removed' })
  })

  it('answers 404 for another user’s or an unknown device, and removes nothing', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    const admin = await as('admin')
    await register(learner, 'pc')
    expect(expectBody(await admin.delete(`${T}/sessions/pc`), 404, ApiErrorBody).code).toBe('NOT_FOUND')
    expect(expectBody(await learner.delete(`${T}/sessions/nope`), 404, ApiErrorBody).code).toBe('NOT_FOUND')
    expect(await sessionIds(learner)).toEqual(['pc'])
    await learner.delete(`${T}/sessions/pc`)
    expect((await learner.delete(`${T}/sessions/pc`)).status).toBe(404)
  })

  it('decodes percent-encoded ids in the path', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, `${LEARNER}_a b`)
    const removed = await learner.delete(`${T}/sessions/${encodeURIComponent(`${LEARNER}_a b`)}`)
    expect(expectBody(removed, 200, RemoveSessionResponse).removedSessionId).toBe(`${LEARNER}_a b`)
  })
})

describe('session-tracker force-logout', () => {
  it('signs a device out; its next heartbeat learns it was forced', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, 'pc')
    await register(learner, 'phone')
    const result = expectBody(await learner.delete(`${T}/force-logout/pc`), 200, ForceLogoutResponse)
    expect(result).toEqual({ success: true, removedSessionId: 'pc', registeredSessionId: null })
    const revoked = expectBody(await learner.post(`${T}/heartbeat`, { sessionId: 'pc' }), 401, SessionRevokedBody)
    expect(revoked.reason).toBe('forced')
  })

  it('registers the new device in the freed slot atomically with newSessionId', async () => {
    const { as } = await createPlatformTestBed({ deviceLimit: 2 })
    const learner = await as('learner')
    await register(learner, 'pc')
    await register(learner, 'phone')
    expect((await register(learner, 'laptop')).status).toBe(403)
    const [forced, intruder] = await Promise.all([
      learner.request('DELETE', `${T}/force-logout/pc?newSessionId=laptop`, undefined, { 'user-agent': SAFARI_IPHONE }),
      register(learner, 'tablet'),
    ])
    const result = expectBody(forced ?? { status: 0, body: null }, 200, ForceLogoutResponse)
    expect(result).toMatchObject({
      removedSessionId: 'pc',
      registeredSessionId: 'laptop',
      serverState: { sessionId: 'laptop', activeSessions: 2 },
    })
    expect(intruder?.status).toBe(403)
    const list = expectBody(await learner.get(`${T}/sessions`), 200, SessionListResponse)
    expect(list.sessions.map((item) => item.id)).toEqual(['phone', 'laptop'])
    expect(list.sessions[1]?.device.userAgent).toBe(SAFARI_IPHONE)
    expect((await learner.post(`${T}/heartbeat`, { sessionId: 'laptop' })).status).toBe(200)
  })

  it('answers 404 for another user’s or an unknown device and changes nothing', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    const admin = await as('admin')
    await register(learner, 'pc')
    expect(expectBody(await admin.delete(`${T}/force-logout/pc?newSessionId=x`), 404, ApiErrorBody).code).toBe(
      'NOT_FOUND',
    )
    expect((await learner.delete(`${T}/force-logout/unknown?newSessionId=x`)).status).toBe(404)
    expect(await sessionIds(learner)).toEqual(['pc'])
    expect(await sessionIds(admin)).toEqual([])
  })

  it('answers 400 for an empty newSessionId and changes nothing', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, 'pc')
    expect((await learner.delete(`${T}/force-logout/pc?newSessionId=`)).status).toBe(400)
    expect((await learner.delete(`${T}/force-logout/pc?newSessionId=pc`)).status).toBe(400)
    expect(await sessionIds(learner)).toEqual(['pc'])
  })
})

describe('session-tracker revoked devices', () => {
  it('answers 401 SESSION_REVOKED with the reason on heartbeat, watch, end-watch and batch-update', async () => {
    const { as, clock } = await createPlatformTestBed({ deviceLimit: 5 })
    const learner = await as('learner')
    for (const id of ['removed', 'forced', 'ended', 'expired']) await register(learner, id)
    clock.tick(LEASE - 1)
    await register(learner, 'keeper')
    for (const id of ['removed', 'forced', 'ended']) await learner.post(`${T}/heartbeat`, { sessionId: id })
    await learner.delete(`${T}/sessions/removed`)
    await learner.delete(`${T}/force-logout/forced`)
    await learner.post(`${T}/end`, { sessionId: 'ended' })
    clock.tick(2)
    const calls: [string, (id: string) => unknown][] = [
      ['heartbeat', (id) => ({ sessionId: id })],
      ['watch', (id) => ({ sessionId: id, videoId: 'v' })],
      ['end-watch', (id) => ({ sessionId: id })],
      ['batch-update', (id) => ({ sessionId: id, updates: {}, timestamp: 1 })],
    ]
    for (const [route, body] of calls) {
      for (const reason of ['removed', 'forced', 'ended', 'expired', 'unknown'] as const) {
        const id = reason === 'unknown' ? 'never-registered' : reason
        const answer = expectBody(await learner.post(`${T}/${route}`, body(id)), 401, SessionRevokedBody)
        expect({ route, reason: answer.reason, code: answer.code }).toEqual({ route, reason, code: 'SESSION_REVOKED' })
        expect(answer.error).not.toBe('')
      }
    }
  })

  it('answers a plain 401 UNAUTHORIZED for a missing or bad token, so the two can be told apart', async () => {
    const { anonymous, backend } = await createPlatformTestBed()
    const missing = expectBody(await anonymous.post(`${T}/heartbeat`, { sessionId: 's' }), 401, ApiErrorBody)
    expect(missing.code).toBe('UNAUTHORIZED')
    const bad = await backend.fetch(`${API}${T}/heartbeat`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-jwt', 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 's' }),
    })
    expect(bad.status).toBe(401)
    expect(((await bad.json()) as { code: string }).code).toBe('UNAUTHORIZED')
  })

  it('answers 401 UNAUTHORIZED once the token has expired', async () => {
    const { as, clock } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, 'pc')
    clock.tick(3_600_000)
    const expired = expectBody(await learner.post(`${T}/heartbeat`, { sessionId: 'pc' }), 401, ApiErrorBody)
    expect(expired.code).toBe('UNAUTHORIZED')
  })

  it('lets an expired id register again, counting as a new device against the limit; a forced-out id is told why', async () => {
    const { as, clock } = await createPlatformTestBed({ deviceLimit: 1 })
    const learner = await as('learner')
    await register(learner, 'pc')
    await learner.delete(`${T}/force-logout/pc?newSessionId=phone`)
    expect(expectBody(await register(learner, 'pc'), 401, SessionRevokedBody).reason).toBe('forced')
    await register(learner, 'tablet')
    clock.tick(LEASE + 1)
    // The phone's lease ran out, so its id comes back as a new device, which fills the only slot.
    expect(expectBody(await register(learner, 'phone'), 200, RegisterSessionResponse).created).toBe(true)
    expect((await register(learner, 'tablet')).status).toBe(403)
    await learner.delete(`${T}/sessions/phone`)
    const again = expectBody(await register(learner, 'tablet'), 200, RegisterSessionResponse)
    expect(again.sessions.map((item) => item.id)).toEqual(['tablet'])
    expect((await learner.post(`${T}/heartbeat`, { sessionId: 'tablet' })).status).toBe(200)
  })

  it('answers 403 when a tracker call names another user’s live session', async () => {
    const { as } = await createPlatformTestBed()
    const learner = await as('learner')
    const admin = await as('admin')
    await register(learner, 'pc')
    expect((await admin.post(`${T}/heartbeat`, { sessionId: 'pc' })).status).toBe(403)
    expect((await admin.post(`${T}/watch`, { sessionId: 'pc', videoId: 'v' })).status).toBe(403)
    const beat = expectBody(await learner.post(`${T}/heartbeat`, { sessionId: 'pc' }), 200, HeartbeatResponse)
    expect(beat.serverState.isWatchingVideo).toBe(false)
  })
})

describe('session-tracker bad input', () => {
  it('answers 400 for wrong field types and changes nothing', async () => {
    const { as, clock } = await createPlatformTestBed()
    const learner = await as('learner')
    await register(learner, 'pc')
    const bad: [string, unknown][] = [
      [T, { sessionId: 42, userAgent: CHROME_WINDOWS }],
      [T, { sessionId: '', userAgent: CHROME_WINDOWS }],
      [T, { sessionId: 'x'.repeat(257), userAgent: CHROME_WINDOWS }],
      [`${T}/heartbeat`, { sessionId: ['pc'] }],
      [`${T}/watch`, { sessionId: 'pc' }],
      [`${T}/watch`, { sessionId: 'pc', videoId: 7 }],
      [`${T}/batch-update`, { sessionId: 'pc', updates: { isWatchingVideo: 'yes' }, timestamp: clock.now() }],
      [`${T}/batch-update`, { sessionId: 'pc', updates: {}, timestamp: 'now' }],
      [`${T}/terminate-others`, { sessionId: 'pc' }],
      [`${T}/end`, { sessionId: null }],
    ]
    for (const [path, body] of bad) {
      const answer = await learner.post(path, body)
      expect({ path, body, status: answer.status }).toEqual({ path, body, status: 400 })
      expect(ApiErrorBody.safeParse(answer.body).success).toBe(true)
    }
    expect((await learner.request('POST', T, '{not json')).status).toBe(400)
    const list = expectBody(await learner.get(`${T}/sessions`), 200, SessionListResponse)
    expect(list.sessions.map((item) => [item.id, item.device.isWatchingVideo])).toEqual([['pc', false]])
  })
})
