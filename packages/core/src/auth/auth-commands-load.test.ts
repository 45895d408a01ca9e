import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit'
import { describe, expect, it, vi } from 'vitest'
import { createCourseClient } from '../client.ts'
import { memoryPlatform } from '../platform/memory-platform.ts'

// The commands' chunk never arrives (as a lost network would have it).
vi.mock('./auth-commands.ts', () => {
  throw new Error('the commands chunk did not load')
})

describe("the sign-in pages' commands load with the first of them", () => {
  it('a chunk that does not arrive is that command’s failure, as a request that could not go', async () => {
    const { clock, backend } = await createWorld()
    const client = createCourseClient({
      apiBaseUrl: backend.url,
      supabaseUrl: backend.url,
      supabaseAnonKey: backend.anonKey,
      platform: memoryPlatform(),
      clock,
      fetch: backend.fetch,
    })
    client.start()
    await client.auth!.start()
    // Start-up needs none of them.
    expect(client.auth!.store.getState().status).toBe('unauthenticated')
    const result = await client.auth!.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
    expect(result).toMatchObject({ status: 'error', code: 'NETWORK_ERROR' })
    expect(client.auth!.store.getState()).toMatchObject({ status: 'unauthenticated', isLoading: false })
    expect(await client.auth!.sendPhoneCode('010-5555-6666')).toMatchObject({ status: 'error', code: 'NETWORK_ERROR' })
    client.dispose()
  })
})
