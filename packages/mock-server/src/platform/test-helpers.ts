import { accessToken, CHROME_WINDOWS, createWorld, type World, type WorldOptions } from '@coursekit/testkit'
import { expect } from 'vitest'
import type * as z from 'zod/mini'
import type { MockBackend } from '../backend.ts'
import { demoAccounts } from '../demo-accounts.ts'
import { DEFAULT_PUBLIC_URL } from '../options.ts'

export const API = DEFAULT_PUBLIC_URL

export type DemoAccount = keyof typeof demoAccounts

export interface ApiAnswer {
  status: number
  body: unknown
}

/** A caller of the platform API: anonymous, or signed in as a demo account or any user id. */
export interface ApiCaller {
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer>
  get(path: string): Promise<ApiAnswer>
  post(path: string, body?: unknown): Promise<ApiAnswer>
  put(path: string, body?: unknown): Promise<ApiAnswer>
  patch(path: string, body?: unknown): Promise<ApiAnswer>
  delete(path: string): Promise<ApiAnswer>
}

export interface PlatformTestBed {
  backend: MockBackend
  clock: World['clock']
  anonymous: ApiCaller
  /** A caller with a fresh access token for the account. */
  as(account: DemoAccount): Promise<ApiCaller>
  /** A caller with a token for any user id, for users that exist only in the test. */
  asUser(id: string, email: string): Promise<ApiCaller>
}

export async function createPlatformTestBed(options: WorldOptions = {}): Promise<PlatformTestBed> {
  const { clock, backend } = await createWorld(options)
  const asUser = async (id: string, email: string) => caller(backend, await accessToken(backend, { id, email }))
  return {
    backend,
    clock,
    anonymous: caller(backend, null),
    as: (account) => asUser(demoAccounts[account].id, demoAccounts[account].email),
    asUser,
  }
}

export function caller(backend: MockBackend, token: string | null): ApiCaller {
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = {
      method,
      headers: {
        'user-agent': CHROME_WINDOWS,
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }
    const response = await backend.fetch(`${API}${path}`, init)
    const text = await response.text()
    return { status: response.status, body: text === '' ? null : JSON.parse(text) }
  }
  return {
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body ?? {}),
    put: (path, body) => request('PUT', path, body ?? {}),
    patch: (path, body) => request('PATCH', path, body ?? {}),
    delete: (path) => request('DELETE', path),
  }
}

/** Sends a code to the number, reads it from the dev SMS outbox and verifies it: the token users/create takes. */
export async function verifiedPhoneToken(
  bed: Pick<PlatformTestBed, 'anonymous' | 'backend'>,
  phone: string,
): Promise<string> {
  const sent = await bed.anonymous.post('/api/v2/phone-verification/send', { phone })
  if (sent.status !== 200) throw new Error(`phone-verification/send answered ${sent.status}`)
  const code = bed.backend.sms.for(phone).at(-1)?.code
  const verified = await bed.anonymous.post('/api/v2/phone-verification/verify', { phone, code })
  const token = (verified.body as { verificationToken?: unknown }).verificationToken
  if (typeof token !== 'string') throw new Error('phone-verification/verify gave no token')
  return token
}

/** Asserts the status and that the body fits the contract schema; returns the parsed body. */
export function expectBody<S extends z.ZodMiniType>(answer: ApiAnswer, status: number, schema: S): z.output<S> {
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status })
  const parsed = schema.safeParse(answer.body)
  if (!parsed.success) throw new Error(`body does not fit the contract: ${JSON.stringify(parsed.error.issues)}`)
  return parsed.data
}
