import type { Clock } from '@coursekit/core/clock'
import type { MediaFileReader } from './media-files.ts'
import type { LegacySeed, SeedUser } from './users.ts'

export interface MockBackendOptions {
  /** Devices a user may be signed in on at once. Default 2. */
  deviceLimit?: number
  /**
   * Whether a device-limit 403 lets the person sign another device out (`canForceLogout`). Default
   * true; false answers as a server that only refuses, so a client can be tested against both.
   */
  canForceLogout?: boolean
  /** A device with no heartbeat for longer than this stops counting. Default 40 min (twice the idle heartbeat interval). */
  sessionLeaseMs?: number
  /** Clock for token times, leases and latency faults. Default: the system clock. */
  clock?: Clock
  /** HS256 secret for access tokens. Default: a fixed development secret. */
  jwtSecret?: string
  /** The `apikey` supabase-js sends. Default: a JWT signed with jwtSecret for role anon. */
  anonKey?: string
  /** Access-token lifetime in seconds. Default 3600, as GoTrue. */
  jwtExpirySeconds?: number
  /** Whether the demo accounts are seeded. Default true. */
  seedDemoAccounts?: boolean
  /** More accounts to seed. */
  users?: readonly SeedUser[]
  /** More accounts of the old platform only (as the demo legacy account): verify-legacy-password takes their password. */
  legacyAccounts?: readonly LegacySeed[]
  /** Largest request body accepted, in bytes. Default 64 KiB. */
  maxBodyBytes?: number
  /** Public URL of this backend, used in e-mail links and the OAuth consent page. Default http://127.0.0.1:54321. */
  publicUrl?: string
  /**
   * Origins (`http://localhost:5173`) whose pages may call the backend from the browser, besides its
   * own public origin; never for /__dev. Default none.
   */
  corsOrigins?: readonly string[]
  /**
   * Whether the development routes (/__dev, the OAuth consent stand-in) answer clients on other
   * machines too. Default false: over HTTP they answer loopback clients only.
   */
  exposeDevRoutes?: boolean
  /** Where the lesson clips of /media/{videoId} come from. Default: the files shipped in the package's media/ folder. */
  readMedia?: MediaFileReader
}

export interface ResolvedOptions {
  deviceLimit: number
  canForceLogout: boolean
  sessionLeaseMs: number
  clock: Clock
  jwtSecret: string
  jwtExpirySeconds: number
  seedDemoAccounts: boolean
  users: readonly SeedUser[]
  legacyAccounts: readonly LegacySeed[]
  maxBodyBytes: number
  publicUrl: string
  corsOrigins: readonly string[]
  exposeDevRoutes: boolean
  readMedia: MediaFileReader
}

export const DEFAULT_DEVICE_LIMIT = 2
export const DEFAULT_SESSION_LEASE_MS = 40 * 60_000
export const DEFAULT_JWT_SECRET = 'coursekit-mock-server-development-secret-at-least-32-bytes'
export const DEFAULT_JWT_EXPIRY_SECONDS = 3600
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024
export const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:54321'
