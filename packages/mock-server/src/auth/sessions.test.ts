import { createSimulatedClock } from '@coursekit/core/testing'
import { describe, expect, it } from 'vitest'
import { FLOW_STATE_LIFETIME_MS } from './flow-states.ts'
import { EMAIL_LINK_LIFETIME_MS } from './one-time-tokens.ts'
import { AuthSessionStore, REFRESH_TOKEN_REUSE_INTERVAL_MS, type RefreshOutcome } from './sessions.ts'

const CHALLENGE = { challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', method: 's256' as const }

function refreshed(outcome: RefreshOutcome): Extract<RefreshOutcome, { kind: 'refreshed' }> {
  if (outcome.kind !== 'refreshed') throw new Error(`not refreshed: ${outcome.kind}`)
  return outcome
}

describe('AuthSessionStore', () => {
  it('rotates refresh tokens; a spent one past the reuse interval is theft of the whole session', () => {
    const clock = createSimulatedClock()
    const store = new AuthSessionStore(clock)
    const { session, refreshToken: first } = store.start('user-1', 'password')
    const second = refreshed(store.refresh(first))
    expect(second).toMatchObject({ session: { id: session.id } })
    const third = refreshed(store.refresh(second.refreshToken))
    clock.tick(REFRESH_TOKEN_REUSE_INTERVAL_MS + 1)
    expect(store.refresh(first)).toEqual({ kind: 'already_used' })
    // Spending the family stamped the newest token: one interval later it is refused too.
    clock.tick(REFRESH_TOKEN_REUSE_INTERVAL_MS + 1)
    expect(store.refresh(third.refreshToken)).toEqual({ kind: 'already_used' })
    expect(store.refresh('unknown')).toEqual({ kind: 'not_found' })
    expect(store.get(session.id)).toBeDefined()
  })

  it('answers the parent of the active token with the active token, however late', () => {
    const clock = createSimulatedClock()
    const store = new AuthSessionStore(clock)
    const { refreshToken: first } = store.start('user-1', 'password')
    const second = refreshed(store.refresh(first))
    clock.tick(60 * 60_000)
    expect(refreshed(store.refresh(first)).refreshToken).toBe(second.refreshToken)
    expect(refreshed(store.refresh(first)).refreshToken).toBe(second.refreshToken)
    const third = refreshed(store.refresh(second.refreshToken))
    expect(third.refreshToken).not.toBe(second.refreshToken)
  })

  it('swaps an older spent token again within the reuse interval of its spending, and not after', () => {
    const clock = createSimulatedClock()
    const store = new AuthSessionStore(clock)
    const { refreshToken: first } = store.start('user-1', 'password')
    const second = refreshed(store.refresh(first))
    clock.tick(REFRESH_TOKEN_REUSE_INTERVAL_MS)
    refreshed(store.refresh(second.refreshToken))
    const again = refreshed(store.refresh(first))
    expect([first, second.refreshToken]).not.toContain(again.refreshToken)
    expect(refreshed(store.refresh(again.refreshToken)).refreshToken).not.toBe(again.refreshToken)
    clock.tick(1)
    expect(store.refresh(first)).toEqual({ kind: 'already_used' })
  })

  it('signs out by scope, and forgets the ended sessions’ refresh tokens', () => {
    const store = new AuthSessionStore(createSimulatedClock())
    const a = store.start('user-1', 'password')
    const b = store.start('user-1', 'password')
    const c = store.start('user-1', 'oauth')
    const stranger = store.start('user-2', 'password')

    expect(store.signOut('user-1', a.session.id, 'others')).toBe(2)
    expect(store.forUser('user-1').map((session) => session.id)).toEqual([a.session.id])
    expect(store.refresh(b.refreshToken)).toEqual({ kind: 'not_found' })
    expect(store.refresh(c.refreshToken)).toEqual({ kind: 'not_found' })

    const d = store.start('user-1', 'password')
    expect(store.signOut('user-1', d.session.id, 'local')).toBe(1)
    expect(store.forUser('user-1').map((session) => session.id)).toEqual([a.session.id])

    store.start('user-1', 'password')
    expect(store.signOut('user-1', null, 'local')).toBe(2)
    expect(store.forUser('user-1')).toEqual([])
    expect(store.refresh(stranger.refreshToken).kind).toBe('refreshed')
  })

  it('stamps the amr claim with the method and the clock’s time', () => {
    const clock = createSimulatedClock(Date.UTC(2026, 0, 1))
    const { session } = new AuthSessionStore(clock).start('user-1', 'oauth')
    expect(session.amr).toEqual([{ method: 'oauth', timestamp: Date.UTC(2026, 0, 1) / 1000 }])
  })

  it('expires an auth code five minutes after its flow was created, however late it was issued', () => {
    const clock = createSimulatedClock()
    const store = new AuthSessionStore(clock)
    const flow = store.flowStates.create({
      challenge: CHALLENGE,
      providerType: 'email',
      authMethod: 'email/signup',
      userId: 'u',
    })
    expect(store.flowStates.findByCode(flow.authCode).kind).toBe('not_found')
    clock.tick(FLOW_STATE_LIFETIME_MS - 1000)
    store.flowStates.issueCode(flow.id)
    clock.tick(1000)
    expect(store.flowStates.findByCode(flow.authCode).kind).toBe('found')
    clock.tick(1)
    expect(store.flowStates.findByCode(flow.authCode).kind).toBe('expired')
  })

  it("hands an e-mail link the user's newest flow of its method", () => {
    const store = new AuthSessionStore(createSimulatedClock())
    const fields = { challenge: CHALLENGE, providerType: 'recovery', authMethod: 'recovery' as const, userId: 'u' }
    store.flowStates.create(fields)
    const newest = store.flowStates.create(fields)
    store.flowStates.create({ ...fields, authMethod: 'email/signup', providerType: 'email' })
    store.flowStates.create({ ...fields, userId: 'someone else' })
    expect(store.flowStates.latestFor('u', 'recovery')?.id).toBe(newest.id)
    expect(store.flowStates.latestFor('u', 'oauth')).toBeUndefined()
  })

  it('keeps one live e-mail link per user and type, for a day', () => {
    const clock = createSimulatedClock()
    const tokens = new AuthSessionStore(clock).oneTimeTokens
    const first = tokens.issue({ type: 'signup', userId: 'u', email: 'A@x.dev', pkce: false })
    const second = tokens.issue({ type: 'signup', userId: 'u', email: 'a@x.dev', pkce: true })
    const recovery = tokens.issue({ type: 'recovery', userId: 'u', email: 'a@x.dev', pkce: false })
    expect(second.token.startsWith('pkce_')).toBe(true)
    expect(tokens.take(first.token, ['signup'])).toBeUndefined()
    expect(tokens.take(second.token, ['recovery'])).toBeUndefined()
    expect(tokens.take(second.token, ['signup'], 'b@x.dev')).toBeUndefined()
    expect(tokens.take(second.token, ['signup'], 'A@X.dev')?.userId).toBe('u')
    expect(tokens.take(second.token, ['signup'])).toBeUndefined()
    clock.tick(EMAIL_LINK_LIFETIME_MS + 1)
    expect(tokens.take(recovery.token, ['recovery'])).toBeUndefined()
  })
})
