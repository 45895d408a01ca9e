/**
 * The profile as the auth state holds it, the role rule a route guard applies, and the results of
 * the completion commands (phone verification and save). The completion page's flow is
 * `@coursekit/core/flows`.
 */

export type {
  PhoneCodeSendResult,
  PhoneCodeVerifyResult,
  ProfileCompletionCommands,
  ProfileCompletionInput,
  ProfileCompletionResult,
} from './profile-completion-commands.ts'
export { roleMatches, type UserProfile } from './profile-rules.ts'
