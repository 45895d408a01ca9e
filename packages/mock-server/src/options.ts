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
  /**
   * GoTrue's SMTP_MAX_FREQUENCY: the least time between two mails of one kind (confirmation,
   * recovery, e-mail change) to one account; sooner answers 429 over_email_send_rate_limit.
   * Default 60 000 (one minute, as GoTrue); 0 turns the limit off.
   */
  emailMaxFrequencyMs?: number
  /**
   * GoTrue's URI_ALLOW_LIST: where redirect_to may point besides the site URL (publicUrl), as
   * globs with GoTrue's rules (`https://app.example/` followed by `**`; see the README). Each
   * `corsOrigins` origin is allowed too, with any path. Anything else falls back to the site URL.
   */
  redirectAllowList?: readonly string[]
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
  emailMaxFrequencyMs: number
  redirectAllowList: readonly string[]
}

export const DEFAULT_DEVICE_LIMIT = 2
export const DEFAULT_SESSION_LEASE_MS = 40 * 60_000
export const DEFAULT_JWT_SECRET = 'coursekit-mock-server-development-secret-at-least-32-bytes'
export const DEFAULT_JWT_EXPIRY_SECONDS = 3600
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024
export const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:54321'
export const DEFAULT_EMAIL_MAX_FREQUENCY_MS = 60_000
