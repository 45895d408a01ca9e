import { loadDeviceSessionEngine } from '../devices/device-service.ts'

/**
 * Loads, once, every module the client loads on demand: the device session engine, Supabase's auth
 * client with our set-up of it, the auth commands and the last step of a sign-in, the OAuth callback's
 * handler, the token refresh's work, the visit analytics service, the endpoints' schemas, the download-name reader and the
 * content reads' cache.
 *
 * A page loads each over the network when first needed, which a simulated clock does not model: a
 * test or simulation that steps its clock while a device's first sign-in, callback or command waits
 * for its code races real time (and loses under load). So worlds on a simulated clock load them all
 * before their first device. What must stay true: a module the client imports with `import()` is
 * listed here. A module that fails to load here is left to fail again where the client loads it,
 * which is what a test of that failure wants; the loading itself is tested beside each loader.
 */
export async function loadOnDemandModules(): Promise<void> {
  await Promise.allSettled([
    loadDeviceSessionEngine(),
    import('@supabase/auth-js'),
    import('../auth/supabase/supabase-client.ts'),
    import('../auth/auth-commands.ts'),
    import('../auth/flows/auth-complete-sign-in.ts'),
    import('../auth/flows/oauth-callback.ts'),
    import('../auth/flows/refresh-holding-lock.ts'),
    import('../analytics/analytics-service.ts'),
    import('../contract/endpoints.ts'),
    import('../api/content-disposition.ts'),
    import('../queries/query-cache.ts'),
  ])
}
