import type { Clock } from '@coursekit/core/clock'
import type { CodeChallenge } from './pkce.ts'
import type { AuthMethod } from './sessions.ts'

/**
 * GoTrue's FLOW_STATE_EXPIRY_DURATION default: a flow's auth code must be exchanged within 5 minutes
 * of the flow's creation (the sign-up, the recovery request, the OAuth consent), not of the code's
 * issue: a confirmation link followed 6 minutes after sign-up confirms the address, but its code is
 * refused with flow_state_expired.
 */
export const FLOW_STATE_LIFETIME_MS = 5 * 60_000
/** GoTrue's cleanup deletes flow states a day after their creation; until then they answer "expired". */
export const FLOW_STATE_RETENTION_MS = 24 * 3600_000

export interface FlowState {
  id: string
  authCode: string
  challenge: CodeChallenge
  /** 'google', 'kakao', 'email', 'recovery' or 'email_change', as GoTrue's provider_type. */
  providerType: string
  authMethod: AuthMethod
  userId: string
  createdAt: number
  codeIssuedAt: number | null
}

export type CodeLookup = { kind: 'found'; flow: FlowState } | { kind: 'expired' } | { kind: 'not_found' }

/** PKCE flow states: a code challenge waiting for its auth code to be exchanged with the verifier. */
export class FlowStateStore {
  readonly #clock: Clock
  readonly #byId = new Map<string, FlowState>()
  readonly #byCode = new Map<string, string>()

  constructor(clock: Clock) {
    this.#clock = clock
  }

  create(fields: Pick<FlowState, 'challenge' | 'providerType' | 'authMethod' | 'userId'>): FlowState {
    this.#sweep()
    const flow: FlowState = {
      ...fields,
      id: crypto.randomUUID(),
      authCode: crypto.randomUUID(),
      createdAt: this.#clock.now(),
      codeIssuedAt: null,
    }
    this.#byId.set(flow.id, flow)
    this.#byCode.set(flow.authCode, flow.id)
    return flow
  }

  /** Marks the auth code as handed out (the redirect carries it) and returns it. */
  issueCode(flowId: string): string | null {
    const flow = this.#byId.get(flowId)
    if (!flow) return null
    flow.codeIssuedAt = this.#clock.now()
    return flow.authCode
  }

  /**
   * The user's newest flow of this method, whose code an e-mail link hands out: GoTrue ties a link
   * to the user's latest flow state, not to the one created with it, so after a second request (even
   * one refused as too soon, for a recovery) the first mail's link carries the newest flow's code.
   */
  latestFor(userId: string, authMethod: AuthMethod): FlowState | undefined {
    let latest: FlowState | undefined
    for (const flow of this.#byId.values()) {
      if (flow.userId === userId && flow.authMethod === authMethod) latest = flow
    }
    return latest
  }

  findByCode(authCode: string): CodeLookup {
    const id = this.#byCode.get(authCode)
    const flow = id === undefined ? undefined : this.#byId.get(id)
    if (!flow || flow.codeIssuedAt === null) return { kind: 'not_found' }
    if (this.#clock.now() > flow.createdAt + FLOW_STATE_LIFETIME_MS) return { kind: 'expired' }
    return { kind: 'found', flow }
  }

  delete(flowId: string): void {
    const flow = this.#byId.get(flowId)
    if (!flow) return
    this.#byCode.delete(flow.authCode)
    this.#byId.delete(flowId)
  }

  /** For the dev routes: the user's flows were started `ms` earlier (their codes issued so too). */
  backdateUser(userId: string, ms: number): void {
    for (const flow of this.#byId.values()) {
      if (flow.userId !== userId) continue
      flow.createdAt -= ms
      if (flow.codeIssuedAt !== null) flow.codeIssuedAt -= ms
    }
  }

  get size(): number {
    return this.#byId.size
  }

  /** Abandoned flows would otherwise pile up in a long simulation. */
  #sweep(): void {
    const now = this.#clock.now()
    for (const flow of this.#byId.values()) {
      if (now > flow.createdAt + FLOW_STATE_RETENTION_MS) this.delete(flow.id)
    }
  }
}
