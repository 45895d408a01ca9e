import type { Clock } from '@coursekit/core/clock'
import { normaliseKoreanPhone, type Provider, type ServerUserRecord } from '@coursekit/core/contract'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { isoTime } from './iso-time.ts'

/** GoTrue's provider names, lower case; the platform's are upper case (Provider). */
export type AuthProvider = 'email' | 'google' | 'kakao'

export const toPlatformProvider = (provider: AuthProvider): Provider => provider.toUpperCase() as Provider
export const toAuthProvider = (provider: Provider): AuthProvider => provider.toLowerCase() as AuthProvider

export interface AuthIdentity {
  provider: AuthProvider
  /** The provider's own id for the person. */
  providerUserId: string
  createdAt: number
  /** GoTrue's identity_id; the auth stand-in fills it in when absent. */
  id?: string
  /** GoTrue's identity_data beyond sub and email (name, avatar), as the provider gave it. */
  data?: Record<string, unknown>
  lastSignInAt?: number
}

/** The Supabase Auth side of an account. */
export interface AuthUser {
  id: string
  email: string
  passwordHash: string | null
  emailConfirmedAt: number | null
  confirmationSentAt: number | null
  recoverySentAt: number | null
  emailChangeSentAt: number | null
  identities: AuthIdentity[]
  userMetadata: Record<string, unknown>
  createdAt: number
  updatedAt: number
  lastSignInAt: number | null
}

/** The platform's side of an account (spec section 3, "Server user record"). */
export interface PlatformUser {
  id: string
  email: string
  name: string | null
  nickname: string | null
  phone: string | null
  role: 'USER' | 'ADMIN'
  /** 0 means not activated. */
  status: number
  profileImagePath: string | null
  oauthProviders: Provider[]
  provider: Provider
  createdAt: number
  lastSignInAt: number | null
}

/** An account of the old platform, known only by e-mail and password, not yet in Supabase Auth. */
export interface LegacyAccount {
  userId: string
  email: string
  passwordHash: string
}

/** An account of the old platform to seed: its id there, e-mail and password. */
export interface LegacySeed {
  userId: string
  email: string
  password: string
}

export interface SeedUser {
  id?: string
  email: string
  password?: string
  /** Default true. */
  emailConfirmed?: boolean
  /** Identities besides e-mail, e.g. ['google']. */
  providers?: AuthProvider[]
  /** Omit for an account that has no platform record yet. */
  profile?: Partial<Omit<PlatformUser, 'id' | 'email' | 'createdAt'>>
}

const encoder = new TextEncoder()

/**
 * Salted SHA-256: enough for a development backend, and fast enough for thousands of simulated
 * sign-ins. Synchronous (noble, not WebCrypto), so a sign-in on a simulated clock needs no turn of
 * the real event loop.
 */
export function hashPassword(password: string, salt = randomHex(8)): string {
  return `${salt}$${bytesToHex(sha256(encoder.encode(`${salt}:${password}`)))}`
}

export function verifyPassword(password: string, stored: string): boolean {
  const [salt] = stored.split('$')
  if (!salt) return false
  return timingSafeEqual(hashPassword(password, salt), stored)
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

export function randomHex(bytes: number): string {
  return bytesToHex(randomBytes(bytes))
}

/**
 * Random bytes drawn from the system 4 KiB at a time: each draw is a call into the system's
 * generator, and a simulation issues a refresh token per device per hour.
 */
const pool = new Uint8Array(4096)
let drawn = pool.length

function randomBytes(count: number): Uint8Array {
  if (count > pool.length) return crypto.getRandomValues(new Uint8Array(count))
  if (drawn + count > pool.length) {
    crypto.getRandomValues(pool)
    drawn = 0
  }
  drawn += count
  return pool.slice(drawn - count, drawn)
}

/** A Korean mobile number's national digits; any other number's digits as written. */
function phoneKey(phone: string): string {
  return normaliseKoreanPhone(phone) ?? phone.replace(/\D/g, '')
}

export const normaliseEmail = (email: string): string => email.trim().toLowerCase()

/** Every account of one backend instance: the auth side, the platform side, and the legacy table. */
export class UserStore {
  readonly #clock: Clock
  readonly auth = new Map<string, AuthUser>()
  readonly platform = new Map<string, PlatformUser>()
  readonly legacy = new Map<string, LegacyAccount>()
  readonly #authByEmail = new Map<string, string>()
  /** Auth users the platform refused (an OAuth sign-in's ACCOUNT_CONFLICT), released when their address is wanted. */
  readonly #refused = new Set<string>()

  constructor(clock: Clock) {
    this.#clock = clock
  }

  authByEmail(email: string): AuthUser | undefined {
    const id = this.#authByEmail.get(normaliseEmail(email))
    return id === undefined ? undefined : this.auth.get(id)
  }

  platformByEmail(email: string): PlatformUser | undefined {
    const wanted = normaliseEmail(email)
    for (const user of this.platform.values()) if (normaliseEmail(user.email) === wanted) return user
    return undefined
  }

  /** The record with this number, in any of its written forms. */
  platformByPhone(phone: string): PlatformUser | undefined {
    const wanted = phoneKey(phone)
    if (wanted === '') return undefined
    for (const user of this.platform.values()) {
      if (user.phone !== null && phoneKey(user.phone) === wanted) return user
    }
    return undefined
  }

  samePhone(a: string, b: string): boolean {
    const key = phoneKey(a)
    return key !== '' && key === phoneKey(b)
  }

  addAuthUser(user: AuthUser): AuthUser {
    const email = normaliseEmail(user.email)
    if (this.#authByEmail.has(email)) throw new Error(`auth user ${email} exists`)
    this.auth.set(user.id, user)
    this.#authByEmail.set(email, user.id)
    return user
  }

  /** Moves an auth user to a new address (a confirmed e-mail change); false if another user has it. */
  changeAuthEmail(user: AuthUser, email: string): boolean {
    const next = normaliseEmail(email)
    const holder = this.#authByEmail.get(next)
    if (holder !== undefined && holder !== user.id) return false
    this.#authByEmail.delete(normaliseEmail(user.email))
    this.#authByEmail.set(next, user.id)
    user.email = next
    return true
  }

  newAuthUser(fields: Partial<AuthUser> & { email: string }): AuthUser {
    const now = this.#clock.now()
    return this.addAuthUser({
      id: crypto.randomUUID(),
      passwordHash: null,
      emailConfirmedAt: null,
      confirmationSentAt: null,
      recoverySentAt: null,
      emailChangeSentAt: null,
      identities: [],
      userMetadata: {},
      createdAt: now,
      updatedAt: now,
      lastSignInAt: null,
      ...fields,
      email: normaliseEmail(fields.email),
    })
  }

  /** Forgets an auth user (a Supabase admin delete); false if there was none. */
  removeAuthUser(id: string): boolean {
    const user = this.auth.get(id)
    if (!user) return false
    this.auth.delete(id)
    if (this.#authByEmail.get(normaliseEmail(user.email)) === id) this.#authByEmail.delete(normaliseEmail(user.email))
    return true
  }

  /** The platform refused this auth user (ACCOUNT_CONFLICT): it gives way when its address is signed up or signed in to. */
  markRefused(id: string): void {
    this.#refused.add(id)
  }

  /**
   * Deletes the refused auth user holding `email`, if there is one (as a backend does with the
   * admin API once it needs the address), so its owner can sign up or be linked to the provider.
   * Returns its id (its sessions are the caller's to end: releaseRefusedAddress), or null.
   */
  releaseRefused(email: string): string | null {
    const holder = this.authByEmail(email)
    if (!holder || !this.#refused.delete(holder.id)) return null
    this.removeAuthUser(holder.id)
    return holder.id
  }

  seedLegacy(seed: LegacySeed): void {
    const email = normaliseEmail(seed.email)
    this.legacy.set(email, { userId: seed.userId, email, passwordHash: hashPassword(seed.password) })
  }

  upsertPlatformUser(user: PlatformUser): PlatformUser {
    this.platform.set(user.id, user)
    return user
  }

  seed(seed: SeedUser): AuthUser {
    const now = this.#clock.now()
    const providers = seed.providers ?? []
    const identities: AuthIdentity[] = [
      ...(seed.password !== undefined
        ? [{ provider: 'email' as const, providerUserId: seed.email, createdAt: now }]
        : []),
      ...providers.map((provider) => ({ provider, providerUserId: `${provider}-${seed.email}`, createdAt: now })),
    ]
    const confirmed = seed.emailConfirmed ?? true
    const user = this.newAuthUser({
      ...(seed.id !== undefined ? { id: seed.id } : {}),
      email: seed.email,
      passwordHash: seed.password !== undefined ? hashPassword(seed.password) : null,
      emailConfirmedAt: confirmed ? now : null,
      identities,
    })
    if (seed.profile) {
      const oauthProviders = identities.map((identity) => toPlatformProvider(identity.provider))
      this.upsertPlatformUser({
        name: null,
        nickname: null,
        phone: null,
        role: 'USER',
        status: 1,
        profileImagePath: null,
        oauthProviders,
        provider: oauthProviders[0] ?? 'EMAIL',
        lastSignInAt: null,
        ...seed.profile,
        id: user.id,
        email: user.email,
        createdAt: now,
      })
    }
    return user
  }
}

/** The server user record of spec section 3, as GET /api/users/{id} returns it. */
export function toServerUserRecord(user: PlatformUser): ServerUserRecord {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    nickname: user.nickname,
    phone: user.phone,
    role: user.role,
    status: user.status,
    emails: [{ email: user.email, isPrimary: true }],
    profileImagePath: user.profileImagePath,
    oauthProviders: user.oauthProviders,
    provider: user.provider,
    userIds: [user.id],
    createdAt: isoTime(user.createdAt),
    lastSignInAt: user.lastSignInAt === null ? null : isoTime(user.lastSignInAt),
  }
}
