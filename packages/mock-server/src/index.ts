export { createMockBackend, type MockBackend } from './backend.ts'
export type { BackendContext } from './context.ts'
export { DEMO_PASSWORD, demoAccounts, LEGACY_PASSWORD, legacyAccount } from './demo-accounts.ts'
export { DroppedResponseError, FaultInjector, type FaultRule, type FaultRuleInput } from './faults.ts'
export type { Mail, MailKind } from './mailbox.ts'
export {
  DEFAULT_DEVICE_LIMIT,
  DEFAULT_SESSION_LEASE_MS,
  type MockBackendOptions,
} from './options.ts'
export type { Sms } from './sms-outbox.ts'
export type { LegacySeed, SeedUser } from './users.ts'
