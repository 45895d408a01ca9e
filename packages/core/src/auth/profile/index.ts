/**
 * The profile as the auth state holds it, the role rule a route guard applies, and the completion
 * page's flow (phone verification and save) with its results.
 */

export type {
  PhoneCodeSendResult,
  PhoneCodeVerifyResult,
  ProfileCompletionCommands,
  ProfileCompletionInput,
  ProfileCompletionResult,
} from './profile-completion-commands.ts'
export {
  createProfileCompletionFlow,
  type PhoneVerificationStatus,
  type ProfileCompletionFlow,
  type ProfileCompletionSnapshot,
  type ProfileFields,
} from './profile-completion-flow.ts'
export { roleMatches, type UserProfile } from './profile-rules.ts'
