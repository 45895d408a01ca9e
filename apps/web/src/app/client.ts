import { browserPlatform, type CourseClient, createCourseClient, type Platform } from '@coursekit/core'

/**
 * The app's one client, on the browser's platform or the desktop wrapper's (wrapper-platform.ts).
 * The API and Supabase Auth are this page's origin (the one-origin server of `npm start`) unless a
 * deployment names its own through `VITE_*` settings. Navigation is the router's: the client only
 * asks (`navigate` events), the shell moves.
 */
export function createAppClient(
  platform: Platform = browserPlatform(),
  env: ImportMetaEnv = import.meta.env,
): CourseClient {
  const origin = window.location.origin
  return createCourseClient({
    apiBaseUrl: env.VITE_API_BASE_URL || origin,
    supabaseUrl: env.VITE_SUPABASE_URL || origin,
    supabaseAnonKey: env.VITE_SUPABASE_ANON_KEY ?? '',
    platform,
    navigation: 'manual',
  })
}
