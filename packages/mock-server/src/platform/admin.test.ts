import {
  AdminSessionListResponse,
  AdminSignOutResponse,
  ApiErrorBody,
  SessionRevokedBody,
} from '@coursekit/core/contract'
import { CHROME_WINDOWS, SAFARI_IPHONE } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { demoAccounts } from '../demo-accounts.ts'
import { type ApiCaller, createPlatformTestBed, expectBody } from './test-helpers.ts'

const T = '/api/v2/session-tracker'
const ADMIN = '/api/v2/admin/sessions'
const { learner, google } = demoAccounts

const register = (api: ApiCaller, sessionId: string, userAgent = CHROME_WINDOWS) =>
  api.post(T, { sessionId, userAgent })

describe('the admin area is for role ADMIN', () => {
  it('answers 403 to any other signed-in user and 401 without a token, on every admin path', async () => {
    const bed = await createPlatformTestBed()
    const asLearner = await bed.as('learner')
    await register(asLearner, 'learner-laptop')
    for (const [method, path] of [
      ['GET', ADMIN],
      ['DELETE', `${ADMIN}/learner-laptop`],
      ['GET', '/api/v2/admin/anything'],
    ] as const) {
      const refused = expectBody(await asLearner.request(method, path), 403, ApiErrorBody)
      expect([path, refused.code, refused.error]).toEqual([path, 'FORBIDDEN', '관리자 권한이 필요합니다.'])
      expect((await bed.anonymous.request(method, path)).status).toBe(401)
    }
    // Refused, the device stays signed in.
    expect((await asLearner.post(`${T}/heartbeat`, { sessionId: 'learner-laptop' })).status).toBe(200)
  })
})

describe('GET /api/v2/admin/sessions', () => {
  it('lists every live device: who, which device, watching what, since when; newest activity first', async () => {
    const bed = await createPlatformTestBed()
    const [admin, asLearner, asGoogle] = await Promise.all([bed.as('admin'), bed.as('learner'), bed.as('google')])
    const start = bed.clock.now()
    await register(asLearner, 'learner-laptop')
    bed.clock.tick(60_000)
    await register(asGoogle, 'google-phone', SAFARI_IPHONE)
    bed.clock.tick(60_000)
    await asLearner.post(`${T}/watch`, { sessionId: 'learner-laptop', videoId: 'video-101-2' })
    bed.clock.tick(60_000)
    await asLearner.post(`${T}/watch`, { sessionId: 'learner-laptop', videoId: 'video-101-2' })

    const list = expectBody(await admin.get(ADMIN), 200, AdminSessionListResponse)
    const iso = (ms: number) => new Date(ms).toISOString()
    expect(list).toMatchObject({ total: 2, deviceLimit: 2, serverTime: iso(start + 180_000) })
    expect(list.sessions).toEqual([
      {
        sessionId: 'learner-laptop',
        user: { id: learner.id, email: learner.email, name: '김하늘', nickname: '하늘' },
        userAgent: CHROME_WINDOWS,
        signedInAt: iso(start),
        lastSeenAt: iso(start + 180_000),
        isWatchingVideo: true,
        videoId: 'video-101-2',
        // Watching the same video again keeps the time the watch began.
        watchingSince: iso(start + 120_000),
        lesson: {
          lessonId: 1002,
          lessonTitle: '컴포넌트를 나누는 기준',
          courseId: 101,
          courseTitle: '실무 React 완벽 가이드',
        },
      },
      {
        sessionId: 'google-phone',
        user: { id: google.id, email: google.email, name: '정구글', nickname: '구글러' },
        userAgent: SAFARI_IPHONE,
        signedInAt: iso(start + 60_000),
        lastSeenAt: iso(start + 60_000),
        isWatchingVideo: false,
        videoId: null,
        watchingSince: null,
        lesson: null,
      },
    ])
  })

  it('narrows by ?q= (e-mail, name or nickname) and ?watching=true, and leaves out expired devices', async () => {
    const bed = await createPlatformTestBed()
    const [admin, asLearner, asGoogle] = await Promise.all([bed.as('admin'), bed.as('learner'), bed.as('google')])
    await register(asGoogle, 'google-phone')
    await register(asLearner, 'learner-laptop')
    await asLearner.post(`${T}/watch`, { sessionId: 'learner-laptop', videoId: 'not-a-lesson' })
    const ids = async (query: string) =>
      expectBody(await admin.get(`${ADMIN}${query}`), 200, AdminSessionListResponse).sessions.map((s) => s.sessionId)
    expect(await ids('?q=%EA%B5%AC%EA%B8%80')).toEqual(['google-phone'])
    expect(await ids(`?q=${encodeURIComponent(' 김하늘')}`)).toEqual(['learner-laptop'])
    expect(await ids('?q=GOOGLE.LEARNER@')).toEqual(['google-phone'])
    expect(await ids('?watching=true')).toEqual(['learner-laptop'])
    const watching = expectBody(await admin.get(`${ADMIN}?watching=true`), 200, AdminSessionListResponse)
    expect(watching.sessions[0]?.lesson).toBeNull()

    bed.clock.tick(30 * 60_000)
    await asLearner.post(`${T}/heartbeat`, { sessionId: 'learner-laptop' })
    bed.clock.tick(15 * 60_000)
    expect(await ids('')).toEqual(['learner-laptop'])
  })
})

describe('DELETE /api/v2/admin/sessions/{sessionId}', () => {
  it('signs any device out; its next heartbeat is 401 SESSION_REVOKED with reason admin', async () => {
    const bed = await createPlatformTestBed()
    const [admin, asLearner] = await Promise.all([bed.as('admin'), bed.as('learner')])
    await register(asLearner, 'learner-laptop')
    await register(asLearner, 'learner-phone', SAFARI_IPHONE)

    const done = expectBody(await admin.delete(`${ADMIN}/learner-laptop`), 200, AdminSignOutResponse)
    expect(done).toEqual({ success: true, removedSessionId: 'learner-laptop', userId: learner.id })

    const told = expectBody(
      await asLearner.post(`${T}/heartbeat`, { sessionId: 'learner-laptop' }),
      401,
      SessionRevokedBody,
    )
    expect(told).toMatchObject({ code: 'SESSION_REVOKED', reason: 'admin' })
    expect(told.error).toBe('관리자가 이 기기를 로그아웃했습니다. 다시 로그인해주세요.')
    expect((await asLearner.post(`${T}/heartbeat`, { sessionId: 'learner-phone' })).status).toBe(200)
    const left = expectBody(await admin.get(ADMIN), 200, AdminSessionListResponse)
    expect(left.sessions.map((s) => s.sessionId)).toEqual(['learner-phone'])
    // The freed slot takes a new device.
    expect((await register(asLearner, 'learner-tablet')).status).toBe(200)
  })

  it('answers 404 for a session that is not live, changing nothing', async () => {
    const bed = await createPlatformTestBed()
    const [admin, asLearner] = await Promise.all([bed.as('admin'), bed.as('learner')])
    await register(asLearner, 'learner-laptop')
    expect(expectBody(await admin.delete(`${ADMIN}/nobody`), 404, ApiErrorBody).code).toBe('NOT_FOUND')
    await admin.delete(`${ADMIN}/learner-laptop`)
    expect((await admin.delete(`${ADMIN}/learner-laptop`)).status).toBe(404)
  })
})
