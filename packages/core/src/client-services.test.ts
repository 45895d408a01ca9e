import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, authPage, MINUTE } from './auth/auth-test-page.ts'
import { createCourseClient } from './client.ts'
import { evictionMessage } from './kernel/messages.ts'
import { memoryPlatform } from './platform/memory-platform.ts'

const { learner } = demoAccounts

/** The services of one client working together: auth drives devices and analytics. */
describe('createCourseClient: the services together', () => {
  it('registers the device on sign-in, and ends it on sign-out before the token goes', async () => {
    const h = authPage(await createWorld())
    h.client.start()
    await h.auth.signInWithPassword(learner.email, learner.password)
    await h.idle()
    const devices = h.client.devices!
    expect(devices.store.getState()).toMatchObject({ status: 'registered', isInitialized: true })
    const sessionId = devices.store.getState().sessionId!
    expect(sessionId.startsWith(`${learner.id}_`)).toBe(true)
    expect(h.backend.context.devices.list(learner.id).map((session) => session.id)).toEqual([sessionId])

    await h.client.auth!.logout()
    await h.idle()
    expect(h.backend.context.devices.list(learner.id)).toEqual([])
    const logoutAt = h.requests.indexOf('POST /api/v2/auth/logout')
    expect(h.requests.indexOf('POST /api/v2/session-tracker/end')).toBeGreaterThan(-1)
    expect(h.requests.indexOf('POST /api/v2/session-tracker/end')).toBeLessThan(logoutAt)
  })

  it('starting twice (as StrictMode does) registers once', async () => {
    const h = authPage(await createWorld())
    h.client.start()
    h.client.start()
    await h.auth.signInWithPassword(learner.email, learner.password)
    await h.idle()
    expect(h.requests.filter((request) => request === 'POST /api/v2/session-tracker')).toHaveLength(1)
  })

  it('tells the API client a video is playing while the device watches', async () => {
    const h = authPage(await createWorld())
    h.client.start()
    await h.auth.signInWithPassword(learner.email, learner.password)
    await h.idle()
    expect(h.auth.apiAuth.isVideoPlaying()).toBe(false)
    await h.client.devices!.startWatching('lesson-101')
    expect(h.auth.apiAuth.isVideoPlaying()).toBe(true)
    await h.client.devices!.stopWatching()
    expect(h.auth.apiAuth.isVideoPlaying()).toBe(false)
  })

  it('at the device limit, removing the oldest lets the new device in and evicts the old one within an idle interval', async () => {
    const world = await createWorld({ deviceLimit: 1 })
    const laptop = authPage(world, { userAgent: 'laptop' })
    const phone = authPage(world, { userAgent: 'phone' })
    laptop.client.start()
    phone.client.start()
    await laptop.auth.signInWithPassword(learner.email, learner.password)
    await laptop.idle()
    const limitEvents: number[] = []
    phone.client.devices!.events.on('deviceLimitReached', ({ devices }) => limitEvents.push(devices.length))
    await phone.auth.signInWithPassword(learner.email, learner.password)
    await phone.idle()
    expect(phone.client.devices!.store.getState().status).toBe('limit-reached')
    expect(limitEvents).toEqual([1])
    expect(phone.notices).toContainEqual(expect.objectContaining({ message: '최대 기기 수에 도달했습니다.' }))

    const evictions: string[] = []
    laptop.client.devices!.events.on('evicted', ({ reason }) => evictions.push(reason))
    expect(await phone.client.devices!.limitDialog.remove()).toBe(true)
    await phone.idle()
    expect(phone.client.devices!.store.getState()).toMatchObject({ status: 'registered', limitDialog: null })

    await laptop.advance(20 * MINUTE)
    expect(evictions).toHaveLength(1)
    // Evicted, then signed out by the client: nobody is signed in on the laptop any more.
    expect(laptop.client.devices!.store.getState()).toMatchObject({ status: 'idle', isInitialized: false })
    expect(laptop.auth.store.getState().status).toBe('unauthenticated')
  })

  it('a device the server signed out says why, signs out and goes to sign-in', async () => {
    const world = await createWorld({ deviceLimit: 1 })
    const laptop = authPage(world, { userAgent: 'laptop' })
    const phone = authPage(world, { userAgent: 'phone' })
    laptop.client.start()
    phone.client.start()
    await laptop.auth.signInWithPassword(learner.email, learner.password)
    await laptop.idle()
    await phone.auth.signInWithPassword(learner.email, learner.password)
    await phone.idle()
    expect(await phone.client.devices!.limitDialog.remove()).toBe(true)
    await phone.idle()
    laptop.notices.length = 0
    laptop.navigations.length = 0

    await laptop.advance(20 * MINUTE)
    expect(laptop.notices).toEqual([
      { kind: 'warning', message: '다른 기기에서 이 기기를 로그아웃했습니다. 다시 로그인해주세요.' },
    ])
    expect(laptop.auth.store.getState().status).toBe('unauthenticated')
    expect(laptop.navigations).toEqual([expect.objectContaining({ to: '/sign/in' })])
    // The phone that took the slot stays signed in and registered.
    expect(phone.client.devices!.store.getState().status).toBe('registered')
    expect(phone.auth.store.getState().status).toBe('authenticated')
  })

  it('removing this very device from its own list signs out here with the removal’s notice only, and goes to sign-in', async () => {
    const h = authPage(await createWorld())
    h.client.start()
    await h.auth.signInWithPassword(learner.email, learner.password)
    await h.idle()
    h.notices.length = 0
    h.navigations.length = 0
    const own = h.client.devices!.store.getState().sessionId!
    expect(await h.client.devices!.removeDevice(own)).toEqual({ ok: true })
    await h.idle()
    // Nobody else signed this device out: no "다른 기기에서 ..." warning.
    expect(h.notices).toEqual([
      { kind: 'success', message: '기기가 성공적으로 제거되었습니다', topic: 'device-removal' },
    ])
    expect(h.auth.store.getState().status).toBe('unauthenticated')
    expect(h.navigations).toEqual([expect.objectContaining({ to: '/sign/in' })])
  })

  it('each reason a server gives for signing a device out has its own words', () => {
    expect(evictionMessage('removed')).toBe('다른 기기에서 이 기기를 로그아웃했습니다. 다시 로그인해주세요.')
    expect(evictionMessage('forced')).toBe('다른 기기에서 이 기기를 로그아웃했습니다. 다시 로그인해주세요.')
    expect(evictionMessage('admin')).toBe('관리자가 이 기기를 로그아웃했습니다. 다시 로그인해주세요.')
    expect(evictionMessage('expired')).toBe('오랫동안 사용하지 않아 이 기기가 로그아웃되었습니다. 다시 로그인해주세요.')
    expect(evictionMessage('unknown')).toBe('이 기기가 로그아웃되었습니다. 다시 로그인해주세요.')
  })

  it('records the visit of the page load, with the user once signed in', async () => {
    const world = await createWorld()
    const signedIn = authPage(world)
    signedIn.client.start()
    await signedIn.auth.signInWithPassword(learner.email, learner.password)
    await signedIn.idle()
    const again = authPage(world, {
      storage: signedIn.platform.storage.entries(),
      url: `${APP_ORIGIN}/courses?utm_source=kakao`,
    })
    again.client.start()
    await again.advance(10_000, 1_000)
    const visitId = again.client.analytics.store.getState().visitId
    expect(visitId).not.toBeNull()
    expect(world.backend.context.visits.get(visitId!)).toMatchObject({
      userId: learner.id,
      entryPath: '/courses',
      utmSource: 'kakao',
      isNewUser: false,
    })
  })

  it('honours the opt-outs: analytics sends nothing, devices do not exist', async () => {
    const h = authPage(await createWorld(), { client: { analytics: false, devices: false } })
    h.client.start()
    await h.auth.signInWithPassword(learner.email, DEMO_PASSWORD)
    await h.advance(MINUTE)
    expect(h.client.devices).toBeNull()
    expect(h.requests.some((request) => request.includes('/analytics/'))).toBe(false)
    expect(h.requests.some((request) => request.includes('/session-tracker'))).toBe(false)
  })

  it('without Supabase: no auth, no devices, anonymous visits', async () => {
    const { backend, clock } = await createWorld()
    const platform = memoryPlatform({ url: `${APP_ORIGIN}/`, fetch: backend.fetch })
    const client = createCourseClient({ apiBaseUrl: backend.url, platform, clock })
    client.start()
    for (let i = 0; i < 50 && client.analytics.store.getState().visitId === null; i++) await clock.tickAsync(100)
    expect(client.auth).toBeNull()
    expect(client.devices).toBeNull()
    const visitId = client.analytics.store.getState().visitId
    expect(visitId).not.toBeNull()
    expect(backend.context.visits.get(visitId!)?.userId ?? null).toBeNull()
    client.dispose()
  })
})
