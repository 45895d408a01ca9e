/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The platform API; default the page's origin (one origin with the mock in development). */
  readonly VITE_API_BASE_URL?: string
  /** Supabase Auth; default the page's origin. */
  readonly VITE_SUPABASE_URL?: string
  /** The project's public anon key; the mock backend's Vite plugin provides its own. */
  readonly VITE_SUPABASE_ANON_KEY?: string
  /** Where lesson videos are served (`/media/{videoId}`); default the page's origin. */
  readonly VITE_MEDIA_BASE_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
