import { type CourseClient, createCourseClient, type FetchLike, nodePlatform, type SignInResult } from '@coursekit/core'
import type { Account } from '../run/account.ts'
import { cliUserAgent } from '../version.ts'
import type { RemoteTarget } from './flags.ts'

export interface RemoteSession {
  client: CourseClient
  result: SignInResult
  /** Signs out (which ends this device's session if it registered) and stops the client. */
  close(): Promise<void>
}

/**
 * A one-shot session for `devices` and `login`: the same core a browser runs, in Node, signing in
 * with the account. With `register` it also registers as a device (taking a slot until it signs out).
 */
export async function openRemoteSession(
  target: RemoteTarget,
  account: Account,
  options: { register: boolean; fetch?: FetchLike },
): Promise<RemoteSession> {
  const platform = nodePlatform({
    userAgent: cliUserAgent(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const client = createCourseClient({
    apiBaseUrl: target.apiBaseUrl,
    supabaseUrl: target.supabaseUrl,
    supabaseAnonKey: target.anonKey,
    platform,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    devices: options.register,
    analytics: false,
    navigation: 'manual',
  })
  client.start()
  const result = await client.auth!.signInWithPassword(account.email, account.password)
  if (options.register && result.status === 'signed-in') await client.devices!.register()
  return {
    client,
    result,
    async close() {
      if (client.auth?.store.getState().status === 'authenticated') await client.auth.logout()
      client.dispose()
    },
  }
}
