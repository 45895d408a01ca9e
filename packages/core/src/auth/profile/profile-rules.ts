import type { Provider } from '../../contract/common.ts'
import type { ServerUserRecord } from '../../contract/users.ts'

/** The default role (spec section 6); the admin role's name is the server's business. */
export const DEFAULT_ROLE = 'USER'

/** Spec section 3, "User profile". */
export interface UserProfile {
  id: string
  email: string
  name: string | null
  nickname: string | null
  phone: string | null
  profileImage: string | null
  /** Name, nickname and phone are all filled in (or the redirect limit says to treat it so). */
  hasProfile: boolean
  role: string
  oauthProviders: Provider[]
  provider: Provider | null
  userIds: string[]
}

type RequiredFields = Pick<UserProfile, 'name' | 'nickname' | 'phone'>

const REQUIRED_FIELDS = ['name', 'nickname', 'phone'] as const satisfies readonly (keyof RequiredFields)[]

function filled(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== ''
}

/** Spec section 5: name, nickname and phone, each non-empty after trimming. */
export function hasRequiredProfileFields(fields: RequiredFields): boolean {
  return REQUIRED_FIELDS.every((field) => filled(fields[field]))
}

/** How much of the required profile is filled in, 0 to 100 in whole percent (0, 33, 67, 100). */
export function profileCompletion(fields: RequiredFields | null): number {
  if (!fields) return 0
  const done = REQUIRED_FIELDS.filter((field) => filled(fields[field])).length
  return Math.round((done / REQUIRED_FIELDS.length) * 100)
}

/** GET /api/users/{id} as the profile of spec section 3. */
export function profileFromRecord(record: ServerUserRecord): UserProfile {
  return {
    id: record.id,
    email: record.email,
    name: record.name,
    nickname: record.nickname,
    phone: record.phone,
    profileImage: record.profileImagePath,
    hasProfile: hasRequiredProfileFields(record),
    role: record.role || DEFAULT_ROLE,
    oauthProviders: [...record.oauthProviders],
    provider: record.provider,
    userIds: record.userIds ? [...record.userIds] : [record.id],
  }
}

/** Spec section 8: a failed profile fetch falls back to an incomplete USER profile. */
export function fallbackProfile(user: { id: string; email: string | null }, provider: Provider | null): UserProfile {
  return {
    id: user.id,
    email: user.email ?? '',
    name: null,
    nickname: null,
    phone: null,
    profileImage: null,
    hasProfile: false,
    role: DEFAULT_ROLE,
    oauthProviders: provider ? [provider] : [],
    provider,
    userIds: [user.id],
  }
}

/** Spec section 6: the profile's role, only when the profile is complete; otherwise USER. */
export function effectiveRole(profile: Pick<UserProfile, 'hasProfile' | 'role'> | null): string {
  if (!profile?.hasProfile) return DEFAULT_ROLE
  return profile.role || DEFAULT_ROLE
}

/** A role check takes one role or a list; it passes when the role is any of them. */
export function roleMatches(role: string | null, required: string | readonly string[]): boolean {
  if (role === null) return false
  return typeof required === 'string' ? role === required : required.includes(role)
}
