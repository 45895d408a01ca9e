import { loadEnv } from 'vite'
import { webRoot } from '../vite.config.ts'
import { originsOf, securityHeaders } from './security-headers.ts'

/**
 * The headers a host must send with a production build (README, "Deploying"), for the `VITE_*`
 * settings that build reads (`.env.production`, `.env` or the environment), one `Name: value` a line.
 */
const env = loadEnv('production', webRoot, 'VITE_')
const headers = securityHeaders({
  connect: originsOf([env.VITE_API_BASE_URL, env.VITE_SUPABASE_URL, env.VITE_MEDIA_BASE_URL]),
  media: originsOf([env.VITE_MEDIA_BASE_URL]),
  dev: false,
})
for (const [name, value] of Object.entries(headers)) process.stdout.write(`${name}: ${value}\n`)
