import type { Clock } from '@coursekit/core/clock'
import { AuthSessionStore } from './auth/sessions.ts'
import { demoAccounts, legacyAccount } from './demo-accounts.ts'
import { Mailbox } from './mailbox.ts'
import type { ResolvedOptions } from './options.ts'
import { DeviceRegistry } from './platform/devices.ts'
import { PhoneVerifications } from './platform/phone-verifications.ts'
import { VisitStore } from './platform/visits.ts'
import { SmsOutbox } from './sms-outbox.ts'
import { TokenIssuer } from './tokens.ts'
import { UserStore } from './users.ts'

/** Everything one backend instance knows. No state lives outside it: many backends can share a process. */
export interface BackendContext {
  options: ResolvedOptions
  clock: Clock
  tokens: TokenIssuer
  users: UserStore
  mailbox: Mailbox
  /** Texts with verification codes, as the mailbox holds e-mail. */
  sms: SmsOutbox
  phoneVerifications: PhoneVerifications
  /** The `apikey` clients must send to /auth/v1. */
  anonKey: string
  authSessions: AuthSessionStore
  devices: DeviceRegistry
  visits: VisitStore
}

export async function createContext(options: ResolvedOptions, anonKey: string | undefined): Promise<BackendContext> {
  const { clock } = options
  const tokens = new TokenIssuer(options.jwtSecret, clock, options.jwtExpirySeconds)
  const users = new UserStore(clock)
  const sms = new SmsOutbox(clock)
  const ctx: BackendContext = {
    options,
    clock,
    tokens,
    users,
    mailbox: new Mailbox(clock),
    sms,
    phoneVerifications: new PhoneVerifications(clock, sms),
    anonKey: anonKey ?? (await tokens.signAnonKey()),
    authSessions: new AuthSessionStore(clock),
    devices: new DeviceRegistry({ clock, deviceLimit: options.deviceLimit, leaseMs: options.sessionLeaseMs }),
    visits: new VisitStore(clock),
  }
  if (options.seedDemoAccounts) {
    for (const account of Object.values(demoAccounts)) users.seed(account)
    users.seedLegacy(legacyAccount)
  }
  for (const seed of options.users) users.seed(seed)
  for (const seed of options.legacyAccounts) users.seedLegacy(seed)
  return ctx
}
