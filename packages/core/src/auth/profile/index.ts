/**
 * Profile rules and the profile-completion redirect.
 */

export { profileCompletionPath } from './profile-redirect.ts'
export {
  DEFAULT_ROLE,
  effectiveRole,
  hasRequiredProfileFields,
  profileCompletion,
  roleMatches,
  type UserProfile,
} from './profile-rules.ts'
