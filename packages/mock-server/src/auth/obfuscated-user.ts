import { isoTime } from '../iso-time.ts'
import type { GoTrueUser } from './user-json.ts'

export type ObfuscatedUser = Omit<GoTrueUser, 'role'> & { role: '' }

/**
 * GoTrue's sanitizeUser: the answer to a sign-up of an address whose account is confirmed, shaped
 * as a new unconfirmed sign-up's (a fresh random id, the request's own metadata, no identities,
 * created and "mailed" just now) so the answer does not say the address has an account. Like
 * GoTrue it keeps `recovery_sent_at` and leaves `role` empty; `identities: []` is the one tell
 * Supabase documents, for the app that owns the data, not for a stranger.
 */
export function obfuscatedUser(
  email: string,
  data: Record<string, unknown>,
  recoverySentAt: number | null,
  now: number,
): ObfuscatedUser {
  const at = isoTime(now)
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: at,
    ...(recoverySentAt === null ? {} : { recovery_sent_at: isoTime(recoverySentAt) }),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  }
}
