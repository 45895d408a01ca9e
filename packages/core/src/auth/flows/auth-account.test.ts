import { DEMO_PASSWORD, LEGACY_PASSWORD, legacyAccount } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { APP_ORIGIN, allConsents, authPage, verifiedPhoneToken } from '../auth-test-page.ts'
import { recordExchanges } from './recorded-exchanges.ts'

const newcomer = { email: 'newcomer@coursekit.dev', password: 'newcomer-pass-1' }
const newcomerFields = { name: '신입', nickname: '새싹', phone: '010-9999-0000' }

describe('sign-up and confirmation', () => {
  it('creates the auth user and the platform record, mails the link back to /auth/callback, and needs verification', async () => {
    const h = authPage(await createWorld())
    const phoneVerificationToken = await verifiedPhoneToken(h.backend, newcomerFields.phone)
    const result = await h.auth.signUp({
      consents: allConsents,
      ...newcomer,
      ...newcomerFields,
      phoneVerificationToken,
    })
    expect(result).toEqual({ status: 'verification-required', email: newcomer.email, message: null })
    expect(h.backend.context.users.platformByEmail(newcomer.email)).toMatchObject({
      status: 0,
      name: '신입',
      phone: '010-9999-0000',
      oauthProviders: ['EMAIL'],
    })
    const [mail] = h.backend.mailbox.for(newcomer.email)
    expect(mail?.kind).toBe('signup')
    expect(new URL(mail!.link).searchParams.get('redirect_to')).toBe(`${APP_ORIGIN}/auth/callback`)
    expect(h.auth.store.getState()).toMatchObject({ status: 'unauthenticated', isLoading: false })
    expect(h.notices).toEqual([])
  })

  it('signing up again before confirming mails the link again and needs verification; the first record stays as it was', async () => {
    const h = authPage(await createWorld())
    const phoneVerificationToken = await verifiedPhoneToken(h.backend, newcomerFields.phone)
    await h.auth.signUp({ consents: allConsents, ...newcomer, ...newcomerFields, phoneVerificationToken })
    await h.advance(60_000) // past the auth server's one confirmation mail a minute
    const again = await h.auth.signUp({
      consents: allConsents,
      ...newcomer,
      name: '다른이름',
      nickname: null,
      phone: null,
    })
    expect(again).toEqual({ status: 'verification-required', email: newcomer.email, message: null })
    expect(h.backend.mailbox.for(newcomer.email).map((mail) => mail.kind)).toEqual(['signup', 'signup'])
    expect(h.backend.context.users.platformByEmail(newcomer.email)).toMatchObject({ name: '신입', nickname: '새싹' })
    expect(h.notices).toEqual([])
  })

  it('following the confirmation link activates the account and signs in, then goes to / after 1 s', async () => {
    const h = authPage(await createWorld())
    const phoneVerificationToken = await verifiedPhoneToken(h.backend, newcomerFields.phone)
    await h.auth.signUp({ consents: allConsents, ...newcomer, ...newcomerFields, phoneVerificationToken })
    const link = h.backend.mailbox.for(newcomer.email)[0]!.link
    const landing = await h.backend.fetch(link, { redirect: 'manual' })
    h.platform.setLocation(landing.headers.get('location')!)
    expect(h.platform.location.current().pathname).toBe('/auth/callback')

    const pending = h.auth.handleOAuthCallback()
    await h.advance(2_000, 100)
    const result = await pending
    expect(result).toMatchObject({ status: 'signed-in', user: { email: newcomer.email }, redirectTo: '/' })
    expect(h.requests).toContain('POST /api/v2/users/activate')
    expect(h.requests).not.toContain('POST /api/v2/oauth/process')
    expect(h.backend.context.users.platformByEmail(newcomer.email)?.status).toBe(1)
    expect(h.auth.store.getState()).toMatchObject({ status: 'authenticated', profile: { hasProfile: true } })
    expect(h.navigations).toEqual([{ to: '/', replace: true, delayMs: 1_000 }])
    expect(h.platform.navigations.map((n) => n.to)).toEqual(['/'])
  })

  it('sends users/create the id, e-mail, fields and oauthProviders [EMAIL] (spec section 7), also for a legacy account moving here', async () => {
    const world = await createWorld()
    const recorder = recordExchanges(world.clock)
    const h = authPage(world, { wrapFetch: recorder.wrapFetch })
    const phoneVerificationToken = await verifiedPhoneToken(h.backend, newcomerFields.phone)
    await h.auth.signUp({ consents: allConsents, ...newcomer, ...newcomerFields, phoneVerificationToken })
    await h.auth.signInWithPassword(legacyAccount.email, LEGACY_PASSWORD)
    const bodies = recorder.exchanges.filter((exchange) => exchange.request === 'POST /api/v2/users/create')
    const idOf = (email: string) => h.backend.context.users.platformByEmail(email)?.id
    expect(bodies.map((exchange) => exchange.body)).toEqual([
      {
        id: idOf(newcomer.email),
        email: newcomer.email,
        oauthProviders: ['EMAIL'],
        provider: 'EMAIL',
        name: '신입',
        nickname: '새싹',
        phone: '010-9999-0000',
        phoneVerificationToken,
      },
      {
        id: idOf(legacyAccount.email),
        email: legacyAccount.email,
        oauthProviders: ['EMAIL'],
        provider: 'EMAIL',
        name: null,
        nickname: null,
        phone: null,
      },
    ])
  })

  it('a phone that was not verified: 계정 생성 중 오류가 발생했습니다: with the server’s reason, no record', async () => {
    const h = authPage(await createWorld())
    const result = await h.auth.signUp({ consents: allConsents, ...newcomer, ...newcomerFields })
    expect(result).toMatchObject({ status: 'error', code: 'PHONE_NOT_VERIFIED' })
    expect(h.notices).toEqual([
      {
        kind: 'error',
        message:
          '계정 생성 중 오류가 발생했습니다: 휴대폰 번호 인증이 필요합니다. 인증번호를 받아 인증을 완료해주세요.',
      },
    ])
    expect(h.backend.context.users.platformByEmail(newcomer.email)).toBeUndefined()
  })

  it('resends the confirmation', async () => {
    const h = authPage(await createWorld())
    await h.auth.signUp({ ...newcomer, consents: allConsents })
    await h.advance(60_000) // past the auth server's one confirmation mail a minute
    expect(await h.auth.resendConfirmation(newcomer.email)).toEqual({ status: 'ok' })
    expect(h.backend.mailbox.for(newcomer.email).map((mail) => mail.kind)).toEqual(['signup', 'signup'])
  })

  it('DUPLICATE_PHONE: 계정 생성 실패 with the error and the suggestion', async () => {
    const h = authPage(await createWorld())
    const phoneVerificationToken = await verifiedPhoneToken(h.backend, '01012345678')
    const result = await h.auth.signUp({
      consents: allConsents,
      ...newcomer,
      ...newcomerFields,
      phone: '01012345678',
      phoneVerificationToken,
    })
    expect(result).toEqual({
      status: 'error',
      message: '이미 가입된 휴대폰 번호입니다.',
      code: 'DUPLICATE_PHONE',
      suggestion: '다른 휴대폰 번호를 입력하시거나, 해당 번호로 가입한 계정으로 로그인해주세요.',
    })
    expect(h.notices).toEqual([
      {
        kind: 'error',
        message: '계정 생성 실패',
        description:
          '이미 가입된 휴대폰 번호입니다. 다른 휴대폰 번호를 입력하시거나, 해당 번호로 가입한 계정으로 로그인해주세요.',
      },
    ])
    expect(h.auth.store.getState().error).toBe('이미 가입된 휴대폰 번호입니다.')
  })

  it('DUPLICATE_EMAIL: 계정 생성 실패 with the error and the suggestion', async () => {
    const h = authPage(await createWorld())
    const result = await h.auth.signUp({
      consents: allConsents,
      email: legacyAccount.email,
      password: 'another-pass-1',
    })
    expect(result).toMatchObject({
      status: 'error',
      message: '이미 가입된 이메일입니다.',
      code: 'DUPLICATE_EMAIL',
      suggestion: '기존 계정으로 로그인하시거나, 비밀번호 찾기를 이용해주세요.',
    })
    expect(h.notices).toEqual([
      {
        kind: 'error',
        message: '계정 생성 실패',
        description: '이미 가입된 이메일입니다. 기존 계정으로 로그인하시거나, 비밀번호 찾기를 이용해주세요.',
      },
    ])
  })

  it('a refused sign-up toasts 계정 생성 중 오류가 발생했습니다: with the reason', async () => {
    const h = authPage(await createWorld())
    const weak = await h.auth.signUp({ consents: allConsents, email: 'weak@coursekit.dev', password: '123' })
    expect(weak.status).toBe('error')
    // An address the core passes on as typed, which the auth server refuses as malformed.
    const malformed = await h.auth.signUp({ consents: allConsents, email: 'not-an-address', password: DEMO_PASSWORD })
    expect(malformed).toMatchObject({ status: 'error', code: 'validation_failed' })
    expect(h.notices).toHaveLength(2)
    for (const notice of h.notices) {
      expect(notice.kind).toBe('error')
      expect(notice.message).toMatch(/^계정 생성 중 오류가 발생했습니다: \S/)
    }
    expect(h.requests).not.toContain('POST /api/v2/users/create')
  })

  it('a failed users/create of another kind toasts 계정 생성 중 오류가 발생했습니다: with the server error', async () => {
    const h = authPage(await createWorld())
    h.backend.faults.add({ path: '/api/v2/users/create', kind: 'status', status: 500 })
    const result = await h.auth.signUp({ ...newcomer, consents: allConsents })
    expect(result).toMatchObject({ status: 'error', message: '계정 생성 중 오류가 발생했습니다: Injected fault' })
    expect(h.notices).toEqual([{ kind: 'error', message: '계정 생성 중 오류가 발생했습니다: Injected fault' }])
  })

  it('cuts a long server error in the toast, and keeps it whole in the result', async () => {
    const huge = `DB error: ${'trace '.repeat(20_000)}`
    const h = authPage(await createWorld(), {
      wrapFetch: (fetch) => (input, init) =>
        new Request(input, init).url.endsWith('/api/v2/users/create')
          ? Promise.resolve(Response.json({ error: huge }, { status: 500 }))
          : fetch(input, init),
    })
    const result = await h.auth.signUp({ ...newcomer, consents: allConsents })
    expect(result).toMatchObject({ status: 'error', message: `계정 생성 중 오류가 발생했습니다: ${huge}` })
    expect(h.notices).toHaveLength(1)
    expect(h.notices[0]!.message.length).toBeLessThanOrEqual(200)
    expect(h.notices[0]!.message).toMatch(/^계정 생성 중 오류가 발생했습니다: DB error: trace .*…$/)
  })
})
