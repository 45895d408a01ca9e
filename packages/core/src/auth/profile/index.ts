/**
 * The profile as the auth state holds it, and the role rule a route guard applies.
 */

export { roleMatches, type UserProfile } from './profile-rules.ts'
