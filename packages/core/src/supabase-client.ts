import type { SupabaseClient } from '@supabase/supabase-js'
import type { FetchLike, KeyValueStorage } from './ports.ts'
import { storageKeys } from './storage-keys.ts'
import { supabaseStorage } from './supabase-storage.ts'

/** What the auth service uses of supabase-js. */
export type SupabaseAuth = SupabaseClient['auth']

export interface SupabaseClientSettings {
  url: string
  anonKey: string
  /** The client's transport, so the desktop proxy and an in-process mock carry auth calls too. */
  fetch: FetchLike
  /** The platform's local storage. */
  storage: KeyValueStorage
  /**
   * True only on the system clock: then supabase-js refreshes on its own too. Elsewhere the auth
   * service's timer on the client's clock is the only one, and supabase-js never judges expiry.
   */
  autoRefreshToken: boolean
}

/**
 * Creates the supabase-js client the way the core needs it: PKCE, the session in platform storage
 * under a stable key, no URL sniffing (the callback handler reads the URL through the location
 * port), and no work until the auth service starts (`skipAutoInitialize`).
 *
 * supabase-js is imported when this runs, not when the core is imported, because loading it reads
 * browser globals (`window`, `navigator`, `document`); a client without auth never loads it.
 */
export async function createSupabaseClient(settings: SupabaseClientSettings): Promise<SupabaseClient> {
  const { createClient } = await import('@supabase/supabase-js')
  return createClient(settings.url, settings.anonKey, {
    global: { fetch: settings.fetch as typeof fetch },
    auth: {
      flowType: 'pkce',
      storage: supabaseStorage(settings.storage, {
        sessionKey: storageKeys.supabaseAuth,
        hideExpiry: !settings.autoRefreshToken,
      }),
      storageKey: storageKeys.supabaseAuth,
      persistSession: true,
      detectSessionInUrl: false,
      autoRefreshToken: settings.autoRefreshToken,
      skipAutoInitialize: true,
    },
  })
}
