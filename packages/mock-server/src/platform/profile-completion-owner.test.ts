import { ApiErrorBody, UserResponse } from '@coursekit/core/contract'
import { describe, expect, it } from 'vitest'
import { createTestClient } from '../auth/test-client.ts'
import { DEMO_PASSWORD, demoAccounts } from '../demo-accounts.ts'
import { caller, createPlatformTestBed, expectBody, type PlatformTestBed, verifiedPhoneToken } from './test-helpers.ts'

const CREATE = '/api/v2/users/create'
const { incomplete, learner } = demoAccounts

/** A person signed in with the real supabase-js, and a platform caller with their access token. */
async function signIn(bed: PlatformTestBed, email: string) {
  const client = createTestClient({ url: bed.backend.url, anonKey: bed.backend.anonKey, fetch: bed.backend.fetch })
  const { data, error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD })
  if (error || !data.session) throw new Error(`sign-in of ${email} failed: ${error?.message}`)
  return { client, api: caller(bed.backend, data.session.access_token) }
}

/** What an intruder sends for the newbie's record: their own name, nickname and verified phone. */
const intrusion = (phoneVerificationToken: string) => ({
  id: incomplete.id,
  email: incomplete.email,
  oauthProviders: ['EMAIL'],
  name: '가로채기',
  nickname: '침입자',
  phone: '010-6666-7777',
  phoneVerificationToken,
})

describe('users/create completes an existing record only for that very user (decisions.md)', () => {
  it('refuses it to an anonymous caller (401) and to another user’s bearer (403), saving nothing', async () => {
    const bed = await createPlatformTestBed()
    const phoneToken = await verifiedPhoneToken(bed, '010-6666-7777')
    const anonymous = expectBody(await bed.anonymous.post(CREATE, intrusion(phoneToken)), 401, ApiErrorBody)
    expect(anonymous).toEqual({
      error: 'Authentication required',
      message: 'Authentication required',
      code: 'UNAUTHORIZED',
    })

    const intruder = await signIn(bed, learner.email)
    const foreign = await intruder.api.post(CREATE, intrusion(phoneToken))
    expect(expectBody(foreign, 403, ApiErrorBody)).toMatchObject({
      code: 'FORBIDDEN',
      error: '다른 사용자의 정보는 변경할 수 없습니다.',
    })
    expect(bed.backend.context.users.platform.get(incomplete.id)).toMatchObject({
      name: incomplete.profile.name ?? null,
      nickname: null,
      phone: null,
    })
  })

  it('completes it with the person’s own bearer, then never overwrites it, and refuses their signed-out token', async () => {
    const bed = await createPlatformTestBed()
    const person = await signIn(bed, incomplete.email)
    const phoneVerificationToken = await verifiedPhoneToken(bed, '010-3141-5926')
    const body = { ...intrusion(phoneVerificationToken), name: '이새롬', nickname: '새롬', phone: '010-3141-5926' }
    const saved = expectBody(await person.api.post(CREATE, body), 200, UserResponse)
    expect(saved).toMatchObject({ created: false, user: { nickname: '새롬', phone: '010-3141-5926' } })

    const again = await person.api.post(CREATE, {
      ...body,
      nickname: '바꾼이름',
      phone: null,
      phoneVerificationToken: null,
    })
    expect(expectBody(again, 200, UserResponse).user).toMatchObject({ nickname: '새롬', phone: '010-3141-5926' })

    expect((await person.client.auth.signOut()).error).toBeNull()
    expect(expectBody(await person.api.post(CREATE, body), 401, ApiErrorBody).code).toBe('UNAUTHORIZED')
    expect(bed.backend.context.users.platform.get(incomplete.id)?.nickname).toBe('새롬')
  })

  it('creating a record that does not exist yet stays public (spec §6: the id an auth user with that e-mail)', async () => {
    const bed = await createPlatformTestBed()
    const fresh = bed.backend.context.users.newAuthUser({ email: 'fresh@coursekit.dev' })
    const body = { id: fresh.id, email: fresh.email, oauthProviders: ['EMAIL'] }
    expect((await bed.anonymous.post(CREATE, { ...body, email: 'other@coursekit.dev' })).status).toBe(403)
    expect((await bed.anonymous.post(CREATE, body)).status).toBe(201)
    // Made, it is its user's: another attempt without that user's bearer is refused.
    expect((await bed.anonymous.post(CREATE, body)).status).toBe(401)
    const intruder = await signIn(bed, learner.email)
    expect(expectBody(await intruder.api.post(CREATE, body), 403, ApiErrorBody).code).toBe('FORBIDDEN')
  })
})
