import { ApiErrorBody, CreateUserErrorBody, UserResponse } from '@coursekit/core/contract'
import { describe, expect, it } from 'vitest'
import { demoAccounts } from '../demo-accounts.ts'
import type { SeedUser } from '../users.ts'
import { createPlatformTestBed, expectBody, verifiedPhoneToken } from './test-helpers.ts'

const CREATE = '/api/v2/users/create'
const { incomplete, learner } = demoAccounts
const NEW_ID = '11111111-2222-4333-8444-555555555555'
const kakaoSignup: SeedUser & { id: string } = {
  id: '22222222-3333-4444-8555-666666666666',
  email: 'kakao.new@coursekit.dev',
  providers: ['kakao'],
  profile: { provider: 'KAKAO', oauthProviders: ['KAKAO'] },
}

/** What the completion page sends (decisions.md). */
const completion = (account: { id: string; email: string }, fields: Record<string, unknown> = {}) => ({
  id: account.id,
  email: account.email,
  oauthProviders: ['EMAIL'],
  name: '이새롬',
  nickname: '새롬',
  phone: '010-3141-5926',
  ...fields,
})

describe('users/create refuses a phone that was not verified', () => {
  it('without a token, with another number’s token, or with a used or expired one: 400 PHONE_NOT_VERIFIED, nothing saved', async () => {
    const bed = await createPlatformTestBed()
    const refused = async (body: Record<string, unknown>) => {
      const answer = expectBody(await bed.anonymous.post(CREATE, body), 400, ApiErrorBody)
      expect(answer.code).toBe('PHONE_NOT_VERIFIED')
      expect(answer.error).toMatch(/휴대폰 번호 인증이 필요합니다/)
    }
    const fresh = { id: NEW_ID, email: 'fresh@coursekit.dev', oauthProviders: ['EMAIL'], phone: '010-3141-5926' }
    await refused(fresh)
    await refused({ ...fresh, phoneVerificationToken: 'pv_made-up' })
    await refused({ ...fresh, phoneVerificationToken: await verifiedPhoneToken(bed, '010-2718-2818') })
    expect(bed.backend.context.users.platform.has(NEW_ID)).toBe(false)

    const token = await verifiedPhoneToken(bed, '+82 10 3141 5926')
    expect((await bed.anonymous.post(CREATE, { ...fresh, phoneVerificationToken: token })).status).toBe(201)
    await refused({ ...fresh, id: 'another-id', email: 'another@coursekit.dev', phoneVerificationToken: token })

    bed.clock.tick(60_000)
    const late = await verifiedPhoneToken(bed, '010-1618-0339')
    bed.clock.tick(30 * 60_000)
    await refused({
      ...fresh,
      id: 'late-id',
      email: 'late@coursekit.dev',
      phone: '010-1618-0339',
      phoneVerificationToken: late,
    })
  })

  it('creates a record without a phone, as an OAuth sign-up does, with no token', async () => {
    const bed = await createPlatformTestBed()
    const body = { id: NEW_ID, email: 'fresh@coursekit.dev', oauthProviders: ['GOOGLE'] }
    expect(expectBody(await bed.anonymous.post(CREATE, body), 201, UserResponse).user.phone).toBeNull()
  })
})

describe('users/create completes an incomplete record', () => {
  it('of an e-mail sign-up: the fields are saved, the phone as 010-…, 200 created false', async () => {
    const bed = await createPlatformTestBed()
    const phoneVerificationToken = await verifiedPhoneToken(bed, '01031415926')
    const answer = await (await bed.as('incomplete')).post(
      CREATE,
      completion(incomplete, { phone: '01031415926', phoneVerificationToken }),
    )
    const saved = expectBody(answer, 200, UserResponse)
    expect(saved.created).toBe(false)
    expect(saved.user).toMatchObject({ id: incomplete.id, name: '이새롬', nickname: '새롬', phone: '010-3141-5926' })
    expect(bed.backend.context.users.platform.get(incomplete.id)).toMatchObject({
      nickname: '새롬',
      phone: '010-3141-5926',
    })
  })

  it('of an OAuth SIGNUP (a record with no fields), keeping its provider', async () => {
    const bed = await createPlatformTestBed({ users: [kakaoSignup] })
    const phoneVerificationToken = await verifiedPhoneToken(bed, '010-3141-5926')
    const body = completion(kakaoSignup, { oauthProviders: ['KAKAO'], name: '  카카오 ', phoneVerificationToken })
    const own = await bed.asUser(kakaoSignup.id, kakaoSignup.email)
    const saved = expectBody(await own.post(CREATE, body), 200, UserResponse)
    expect(saved.user).toMatchObject({ name: '카카오', nickname: '새롬', provider: 'KAKAO', oauthProviders: ['KAKAO'] })
  })

  it('in steps: a name and nickname first, the verified phone later', async () => {
    const bed = await createPlatformTestBed()
    const own = await bed.as('incomplete')
    const first = await own.post(CREATE, completion(incomplete, { phone: null }))
    expect(expectBody(first, 200, UserResponse).user).toMatchObject({ nickname: '새롬', phone: null })
    const phoneVerificationToken = await verifiedPhoneToken(bed, '010-3141-5926')
    const second = await own.post(CREATE, completion(incomplete, { nickname: null, phoneVerificationToken }))
    expect(expectBody(second, 200, UserResponse).user).toMatchObject({ nickname: '새롬', phone: '010-3141-5926' })
  })

  it('DUPLICATE_PHONE when another account has the verified number', async () => {
    const bed = await createPlatformTestBed()
    const phoneVerificationToken = await verifiedPhoneToken(bed, learner.profile.phone)
    const answer = await (await bed.as('incomplete')).post(
      CREATE,
      completion(incomplete, { phone: '+82 10-1234-5678', phoneVerificationToken }),
    )
    expect(expectBody(answer, 409, CreateUserErrorBody).errorCode).toBe('DUPLICATE_PHONE')
    expect(bed.backend.context.users.platform.get(incomplete.id)).toMatchObject({ nickname: null, phone: null })
  })
})

describe('users/create never overwrites', () => {
  it('a complete record: it is answered as it is', async () => {
    const bed = await createPlatformTestBed()
    const phoneVerificationToken = await verifiedPhoneToken(bed, '010-3141-5926')
    const own = await bed.as('learner')
    const answer = await own.post(CREATE, completion(learner, { name: '가로채기', phoneVerificationToken }))
    expect(expectBody(answer, 200, UserResponse).user).toMatchObject({ name: '김하늘', phone: '010-1234-5678' })
    expect(bed.backend.context.users.platform.get(learner.id)?.name).toBe('김하늘')
  })

  it('another person’s record: the id must be an auth user with that e-mail', async () => {
    const bed = await createPlatformTestBed()
    const own = await bed.as('incomplete')
    // The record's id with someone else's e-mail.
    const foreign = await own.post(CREATE, completion({ id: incomplete.id, email: 'intruder@coursekit.dev' }))
    expect(expectBody(foreign, 403, ApiErrorBody).code).toBe('FORBIDDEN')
    // A record that no auth user stands behind.
    bed.backend.context.users.auth.delete(incomplete.id)
    const orphan = await own.post(CREATE, completion(incomplete, { phone: null }))
    expect(expectBody(orphan, 403, ApiErrorBody).code).toBe('FORBIDDEN')
    expect(bed.backend.context.users.platform.get(incomplete.id)).toMatchObject({ nickname: null })
  })

  it('a new record for an auth user’s id under another e-mail is refused; another auth user’s e-mail is DUPLICATE_EMAIL', async () => {
    const bed = await createPlatformTestBed({ seedDemoAccounts: true })
    const signedUp = bed.backend.context.users.newAuthUser({ email: 'pending@coursekit.dev' })
    const wrongEmail = await bed.anonymous.post(
      CREATE,
      completion({ id: signedUp.id, email: 'x@coursekit.dev' }, { phone: null }),
    )
    expect(expectBody(wrongEmail, 403, ApiErrorBody).code).toBe('FORBIDDEN')
    const takenEmail = await bed.anonymous.post(
      CREATE,
      completion({ id: NEW_ID, email: signedUp.email }, { phone: null }),
    )
    expect(expectBody(takenEmail, 409, CreateUserErrorBody).errorCode).toBe('DUPLICATE_EMAIL')
    expect(bed.backend.context.users.platform.has(signedUp.id)).toBe(false)
    expect(bed.backend.context.users.platform.has(NEW_ID)).toBe(false)
  })
})
