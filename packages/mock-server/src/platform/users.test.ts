import {
  ApiErrorBody,
  CreateUserErrorBody,
  EmailExistsResponse,
  LogoutResponse,
  ServerUserRecord,
  UpdateLastSignInResponse,
  UserExistsResponse,
  UserResponse,
  VerifyLegacyPasswordResponse,
} from '@coursekit/core/contract'
import { describe, expect, it } from 'vitest'
import { demoAccounts, LEGACY_PASSWORD, legacyAccount } from '../demo-accounts.ts'
import { createPlatformTestBed, expectBody, verifiedPhoneToken } from './test-helpers.ts'

const { learner, admin, inactive, unconfirmed, google: googleLearner } = demoAccounts
const NEW_ID = '11111111-2222-4333-8444-555555555555'

const newUser = (overrides: Record<string, unknown> = {}) => ({
  id: NEW_ID,
  email: 'new.member@coursekit.dev',
  oauthProviders: ['EMAIL'],
  name: '송지우',
  nickname: '지우',
  phone: '010-9876-5432',
  ...overrides,
})

describe('GET /api/users/{id}', () => {
  it('returns the caller’s own record', async () => {
    const bed = await createPlatformTestBed()
    const api = await bed.as('learner')
    const record = expectBody(await api.get(`/api/users/${learner.id}`), 200, ServerUserRecord)
    expect(record).toMatchObject({
      id: learner.id,
      email: learner.email,
      name: '김하늘',
      role: 'USER',
      status: 1,
      emails: [{ email: learner.email, isPrimary: true }],
    })
  })

  it('refuses another user’s record with 403, unless the caller is an admin', async () => {
    const bed = await createPlatformTestBed()
    const asLearner = await bed.as('learner')
    const asAdmin = await bed.as('admin')
    expect(expectBody(await asLearner.get(`/api/users/${admin.id}`), 403, ApiErrorBody).code).toBe('FORBIDDEN')
    expect(expectBody(await asAdmin.get(`/api/users/${learner.id}`), 200, ServerUserRecord).id).toBe(learner.id)
    expect(expectBody(await asAdmin.get('/api/users/nobody'), 404, ApiErrorBody).code).toBe('NOT_FOUND')
  })

  it('answers 404 for a signed-in user without a platform record, and 401 without a token', async () => {
    const bed = await createPlatformTestBed()
    const fresh = await bed.asUser(NEW_ID, 'fresh@coursekit.dev')
    expect((await fresh.get(`/api/users/${NEW_ID}`)).status).toBe(404)
    expect(expectBody(await bed.anonymous.get(`/api/users/${learner.id}`), 401, ApiErrorBody).code).toBe('UNAUTHORIZED')
  })
})

describe('legacy accounts', () => {
  it('verifies the old password and then lets users/create migrate the e-mail', async () => {
    const { anonymous } = await createPlatformTestBed()
    const migrate = newUser({ email: legacyAccount.email, phone: null })
    const blocked = expectBody(await anonymous.post('/api/v2/users/create', migrate), 409, CreateUserErrorBody)
    expect(blocked.errorCode).toBe('DUPLICATE_EMAIL')

    const verified = expectBody(
      await anonymous.post('/api/v2/users/verify-legacy-password', {
        email: legacyAccount.email.toUpperCase(),
        password: LEGACY_PASSWORD,
      }),
      200,
      VerifyLegacyPasswordResponse,
    )
    expect(verified).toEqual({ verified: true, userId: legacyAccount.userId })

    const created = expectBody(await anonymous.post('/api/v2/users/create', migrate), 201, UserResponse)
    expect(created.user.email).toBe(legacyAccount.email)
    const again = await anonymous.post('/api/v2/users/verify-legacy-password', {
      email: legacyAccount.email,
      password: LEGACY_PASSWORD,
    })
    expect(expectBody(again, 200, VerifyLegacyPasswordResponse).verified).toBe(false)
  })

  it('answers verified false for a wrong password or an unknown e-mail', async () => {
    const { anonymous } = await createPlatformTestBed()
    for (const body of [
      { email: legacyAccount.email, password: 'wrong-password' },
      { email: 'nobody@coursekit.dev', password: LEGACY_PASSWORD },
      { email: learner.email, password: learner.password },
    ]) {
      const answer = await anonymous.post('/api/v2/users/verify-legacy-password', body)
      expect(expectBody(answer, 200, VerifyLegacyPasswordResponse)).toEqual({ verified: false, userId: null })
    }
  })

  it('answers 400 for a wrongly typed body', async () => {
    const { anonymous } = await createPlatformTestBed()
    const answer = await anonymous.post('/api/v2/users/verify-legacy-password', { email: legacyAccount.email })
    expect(answer.status).toBe(400)
  })
})

describe('POST /api/v2/users/activate (its own user’s bearer: the session of the confirmation link)', () => {
  it('activates a status-0 account for its own user', async () => {
    const bed = await createPlatformTestBed()
    const answer = await (await bed.as('inactive')).post('/api/v2/users/activate', {
      email: inactive.email,
      supabaseUserId: inactive.id,
    })
    expect(expectBody(answer, 200, UserResponse).user.status).toBe(1)
    expect(bed.backend.context.users.platform.get(inactive.id)?.status).toBe(1)
  })

  it('answers 401 without a bearer and 403 with another user’s, before looking anything up, changing nothing', async () => {
    const bed = await createPlatformTestBed()
    const body = { email: inactive.email, supabaseUserId: inactive.id }
    const anonymous = expectBody(await bed.anonymous.post('/api/v2/users/activate', body), 401, ApiErrorBody)
    expect(anonymous.code).toBe('UNAUTHORIZED')
    const foreign = await (await bed.as('learner')).post('/api/v2/users/activate', body)
    expect(expectBody(foreign, 403, ApiErrorBody).code).toBe('FORBIDDEN')
    expect(
      (await bed.anonymous.post('/api/v2/users/activate', { email: 'x@y.z', supabaseUserId: 'nobody' })).status,
    ).toBe(401)
    expect(bed.backend.context.users.platform.get(inactive.id)?.status).toBe(0)
  })

  it('answers 404 when the e-mail does not match the id, changing nothing', async () => {
    const bed = await createPlatformTestBed()
    const answer = await (await bed.as('inactive')).post('/api/v2/users/activate', {
      email: learner.email,
      supabaseUserId: inactive.id,
    })
    expect(expectBody(answer, 404, ApiErrorBody).code).toBe('NOT_FOUND')
    expect(bed.backend.context.users.platform.get(inactive.id)?.status).toBe(0)
  })

  it('refuses while Supabase Auth has not confirmed the e-mail', async () => {
    const bed = await createPlatformTestBed()
    bed.backend.context.users.platform.get(unconfirmed.id)!.status = 0
    const answer = await (await bed.as('unconfirmed')).post('/api/v2/users/activate', {
      email: unconfirmed.email,
      supabaseUserId: unconfirmed.id,
    })
    expect(expectBody(answer, 403, ApiErrorBody).code).toBe('FORBIDDEN')
    expect(bed.backend.context.users.platform.get(unconfirmed.id)?.status).toBe(0)
  })
})

describe('user existence checks (decisions.md: public, they tell only whether and how an account signs in)', () => {
  const PRIVATE_FIELDS = ['id', 'userId', 'name', 'nickname', 'phone', 'role', 'status', 'user']

  /** Every key anywhere in a JSON value, with the values of the private ones that are not null. */
  const privateValues = (value: unknown): unknown[] => {
    if (Array.isArray(value)) return value.flatMap(privateValues)
    if (value === null || typeof value !== 'object') return []
    return Object.entries(value).flatMap(([key, field]) =>
      PRIVATE_FIELDS.includes(key) && field !== null && field !== false ? [key, field] : privateValues(field),
    )
  }

  it('by uid: to anyone whether it exists and its providers; the record only to its own bearer', async () => {
    const bed = await createPlatformTestBed()
    const path = `/api/v2/users/exists/uid/${admin.id}`
    const anonymous = expectBody(await bed.anonymous.get(path), 200, UserExistsResponse)
    expect(anonymous).toEqual({ exists: true, user: null, providers: ['EMAIL'] })
    const stranger = expectBody(await (await bed.as('learner')).get(path), 200, UserExistsResponse)
    expect(stranger).toEqual({ exists: true, user: null, providers: ['EMAIL'] })
    const own = expectBody(await (await bed.as('admin')).get(path), 200, UserExistsResponse)
    expect(own.user).toMatchObject({ id: admin.id, role: 'ADMIN', phone: expect.any(String) })
    const missing = expectBody(await bed.anonymous.get('/api/v2/users/exists/uid/nobody'), 200, UserExistsResponse)
    expect(missing).toEqual({ exists: false, user: null, providers: [] })
  })

  it('by e-mail: to anyone whether it is taken and how it signs in; the id only to its own bearer', async () => {
    const bed = await createPlatformTestBed()
    const path = (email: string) => `/api/v2/users/exists/email/${encodeURIComponent(email)}`
    const anonymous = expectBody(
      await bed.anonymous.post(path(learner.email), { uid: learner.id, provider: 'GOOGLE' }),
      200,
      EmailExistsResponse,
    )
    expect(anonymous).toEqual({ exists: true, userId: null, providers: ['EMAIL'], isSameUser: false })
    const stranger = await (await bed.as('admin')).post(path(learner.email), { uid: learner.id })
    expect(expectBody(stranger, 200, EmailExistsResponse)).toMatchObject({ userId: null, isSameUser: false })
    const own = await (await bed.as('learner')).post(path(learner.email), { uid: learner.id })
    expect(expectBody(own, 200, EmailExistsResponse)).toEqual({
      exists: true,
      userId: learner.id,
      providers: ['EMAIL'],
      isSameUser: true,
    })
    const ownOtherUid = await (await bed.as('learner')).post(path(learner.email), { uid: NEW_ID })
    expect(expectBody(ownOtherUid, 200, EmailExistsResponse).isSameUser).toBe(false)
    const legacy = expectBody(await bed.anonymous.post(path(legacyAccount.email), {}), 200, EmailExistsResponse)
    expect(legacy).toEqual({ exists: true, userId: null, providers: ['EMAIL'], isSameUser: false })
    const google = expectBody(await bed.anonymous.post(path(googleLearner.email), {}), 200, EmailExistsResponse)
    expect(google).toMatchObject({ exists: true, providers: ['GOOGLE'] })
    const none = expectBody(await bed.anonymous.post(path('nobody@coursekit.dev'), {}), 200, EmailExistsResponse)
    expect(none).toEqual({ exists: false, userId: null, providers: [], isSameUser: false })
    expect((await bed.anonymous.post(path(learner.email), { uid: 5 })).status).toBe(400)
  })

  it('nothing private reaches an anonymous caller about any demo account, the admin’s included', async () => {
    const bed = await createPlatformTestBed()
    for (const account of [...Object.values(demoAccounts), legacyAccount]) {
      const email = await bed.anonymous.post(`/api/v2/users/exists/email/${encodeURIComponent(account.email)}`, {
        uid: 'id' in account ? account.id : account.userId,
      })
      const uid = await bed.anonymous.get(`/api/v2/users/exists/uid/${'id' in account ? account.id : account.userId}`)
      expect({ account: account.email, leaked: privateValues([email.body, uid.body]) }).toEqual({
        account: account.email,
        leaked: [],
      })
    }
  })

  it('a bearer that proves no one (expired or signed out) is 401, as on every other route', async () => {
    const bed = await createPlatformTestBed()
    const learnerCaller = await bed.as('learner')
    bed.backend.context.authSessions.signOut(learner.id, null, 'global')
    expect((await learnerCaller.get(`/api/v2/users/exists/uid/${learner.id}`)).status).toBe(401)
  })
})

describe('POST /api/v2/users/create', () => {
  it('creates a platform record: 201 UserResponse', async () => {
    const bed = await createPlatformTestBed()
    const { anonymous, backend, clock } = bed
    const phoneVerificationToken = await verifiedPhoneToken(bed, '010-9876-5432')
    const created = expectBody(
      await anonymous.post('/api/v2/users/create', newUser({ oauthProviders: ['KAKAO'], phoneVerificationToken })),
      201,
      UserResponse,
    )
    expect(created.user).toMatchObject({
      id: NEW_ID,
      email: 'new.member@coursekit.dev',
      status: 1,
      role: 'USER',
      provider: 'KAKAO',
      oauthProviders: ['KAKAO'],
      phone: '010-9876-5432',
      createdAt: new Date(clock.now()).toISOString(),
    })
    expect(backend.context.users.platform.has(NEW_ID)).toBe(true)
  })

  it('answers a retried create with the account it already made, to that account’s bearer only', async () => {
    const bed = await createPlatformTestBed()
    const body = newUser({ phoneVerificationToken: await verifiedPhoneToken(bed, '010-9876-5432') })
    expect((await bed.anonymous.post('/api/v2/users/create', body)).status).toBe(201)
    const own = await bed.asUser(NEW_ID, body.email)
    const again = expectBody(await own.post('/api/v2/users/create', body), 200, UserResponse)
    expect(again.user).toMatchObject({ id: NEW_ID, phone: '010-9876-5432' })
    expect(again.created).toBe(false)
    const anonymous = expectBody(await bed.anonymous.post('/api/v2/users/create', body), 401, ApiErrorBody)
    expect(anonymous).toEqual({
      error: 'Authentication required',
      message: 'Authentication required',
      code: 'UNAUTHORIZED',
    })
  })

  it('creates the record not yet activated while Supabase Auth has not confirmed the e-mail', async () => {
    const { anonymous, backend } = await createPlatformTestBed()
    const authUser = backend.context.users.newAuthUser({ email: 'pending@coursekit.dev' })
    const created = expectBody(
      await anonymous.post('/api/v2/users/create', newUser({ id: authUser.id, email: authUser.email, phone: null })),
      201,
      UserResponse,
    )
    expect(created.user.status).toBe(0)
  })

  it('answers 409 DUPLICATE_PHONE for a verified phone number another account has, in any format', async () => {
    const bed = await createPlatformTestBed()
    for (const phone of ['01012345678', '+82 10-1234-5678']) {
      bed.clock.tick(60_000)
      const phoneVerificationToken = await verifiedPhoneToken(bed, phone)
      const answer = await bed.anonymous.post('/api/v2/users/create', newUser({ phone, phoneVerificationToken }))
      const body = expectBody(answer, 409, CreateUserErrorBody)
      expect(body).toMatchObject({ errorCode: 'DUPLICATE_PHONE', error: '이미 가입된 휴대폰 번호입니다.' })
      expect(body.suggestion).toMatch(/휴대폰 번호/)
    }
    expect(bed.backend.context.users.platform.has(NEW_ID)).toBe(false)
  })

  it('answers 409 DUPLICATE_EMAIL for an e-mail another account has', async () => {
    const { anonymous, backend } = await createPlatformTestBed()
    const answer = await anonymous.post('/api/v2/users/create', newUser({ email: ` ${learner.email.toUpperCase()}` }))
    const body = expectBody(answer, 409, CreateUserErrorBody)
    expect(body).toMatchObject({ errorCode: 'DUPLICATE_EMAIL', error: '이미 가입된 이메일입니다.' })
    expect(body.suggestion).toBeTruthy()
    expect(backend.context.users.platform.has(NEW_ID)).toBe(false)
  })

  it('answers 400 for wrong field types and creates nothing', async () => {
    const { anonymous, backend } = await createPlatformTestBed()
    for (const body of [
      newUser({ oauthProviders: ['FACEBOOK'] }),
      newUser({ id: 7 }),
      newUser({ email: '' }),
      newUser({ phone: 1012345678 }),
    ]) {
      expect((await anonymous.post('/api/v2/users/create', body)).status).toBe(400)
    }
    expect(backend.context.users.platform.has(NEW_ID)).toBe(false)
  })
})

describe('PATCH /api/v2/users/{id}/…', () => {
  it('changes the caller’s own display name (the nickname)', async () => {
    const bed = await createPlatformTestBed()
    const api = await bed.as('learner')
    const answer = await api.patch(`/api/v2/users/${learner.id}/display-name`, { displayName: '  하늘쌤 ' })
    expect(expectBody(answer, 200, UserResponse).user.nickname).toBe('하늘쌤')
  })

  it('refuses another user’s display name and bad input, changing nothing', async () => {
    const bed = await createPlatformTestBed()
    const api = await bed.as('learner')
    expect((await api.patch(`/api/v2/users/${admin.id}/display-name`, { displayName: 'x' })).status).toBe(403)
    expect((await api.patch(`/api/v2/users/${learner.id}/display-name`, { displayName: '' })).status).toBe(400)
    expect((await api.patch(`/api/v2/users/${learner.id}/display-name`, { displayName: 3 })).status).toBe(400)
    expect(bed.backend.context.users.platform.get(admin.id)?.nickname).toBe('운영팀')
    expect(bed.backend.context.users.platform.get(learner.id)?.nickname).toBe('하늘')
  })

  it('adds an OAuth provider once to the caller’s own record', async () => {
    const bed = await createPlatformTestBed()
    const api = await bed.as('learner')
    const path = `/api/v2/users/${learner.id}/oauth-providers`
    expect(expectBody(await api.patch(path, { provider: 'KAKAO' }), 200, UserResponse).user.oauthProviders).toEqual([
      'EMAIL',
      'KAKAO',
    ])
    expect(expectBody(await api.patch(path, { provider: 'KAKAO' }), 200, UserResponse).user.oauthProviders).toEqual([
      'EMAIL',
      'KAKAO',
    ])
    expect((await api.patch(path, { provider: 'NAVER' })).status).toBe(400)
    expect((await api.patch(`/api/v2/users/${admin.id}/oauth-providers`, { provider: 'KAKAO' })).status).toBe(403)
    expect(bed.backend.context.users.platform.get(admin.id)?.oauthProviders).toEqual(['EMAIL'])
  })
})

describe('platform sign-in bookkeeping', () => {
  it('acknowledges logout with a bearer token and refuses it without one', async () => {
    const bed = await createPlatformTestBed()
    const api = await bed.as('learner')
    expectBody(await api.post('/api/v2/auth/logout'), 200, LogoutResponse)
    expect((await bed.anonymous.post('/api/v2/auth/logout')).status).toBe(401)
  })

  it('records the last sign-in time on the clock', async () => {
    const bed = await createPlatformTestBed()
    const api = await bed.as('learner')
    bed.clock.tick(90_000)
    const answer = expectBody(await api.post('/api/v2/auth/update-last-sign-in'), 200, UpdateLastSignInResponse)
    expect(answer.lastSignInAt).toBe(new Date(bed.clock.now()).toISOString())
    const record = expectBody(await api.get(`/api/users/${learner.id}`), 200, ServerUserRecord)
    expect(record.lastSignInAt).toBe(answer.lastSignInAt)
    const fresh = await bed.asUser(NEW_ID, 'fresh@coursekit.dev')
    expect((await fresh.post('/api/v2/auth/update-last-sign-in')).status).toBe(404)
  })
})
