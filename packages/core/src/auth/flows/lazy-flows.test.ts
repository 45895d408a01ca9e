import { describe, expect, it, vi } from 'vitest'
import { createAuthHarness } from '../auth-test-harness.ts'

// The password-reset chunk fails to load, as when the app is offline or a deploy replaced it.
vi.mock('./auth-password-reset.ts', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

describe('a flow loaded on first use', () => {
  it('that cannot be loaded is the command failure CHUNK_LOAD_FAILED, with its reason, and nothing rejects', async () => {
    const h = await createAuthHarness()
    const result = await h.auth.requestPasswordReset('learner@example.com')
    expect(result).toMatchObject({ status: 'error', code: 'CHUNK_LOAD_FAILED' })
    expect(result.status === 'error' && result.message).toMatch(/^password reset could not be loaded: .+/)
    expect(h.auth.store.getState()).toMatchObject({ isLoading: false, error: expect.stringMatching(/^password reset/) })
    h.client.dispose()
  })
})
