import type { Clock } from '@coursekit/core/clock'
import type { CodeChallenge } from './pkce.ts'
import type { AuthMethod } from './sessions.ts'

/** GoTrue's flow-state expiry: an auth code must be exchanged within 5 minutes of being issued. */
export const AUTH_CODE_LIFETIME_MS = 5 * 60_000
/** A flow waiting on an e-mail link lives as long as the link. */
export const PENDING_FLOW_LIFETIME_MS = 24 * 3600_000

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

  findByCode(authCode: string): CodeLookup {
    const id = this.#byCode.get(authCode)
    const flow = id === undefined ? undefined : this.#byId.get(id)
    if (!flow || flow.codeIssuedAt === null) return { kind: 'not_found' }
    if (this.#clock.now() > flow.codeIssuedAt + AUTH_CODE_LIFETIME_MS) return { kind: 'expired' }
    return { kind: 'found', flow }
  }

  delete(flowId: string): void {
    const flow = this.#byId.get(flowId)
    if (!flow) return
    this.#byCode.delete(flow.authCode)
    this.#byId.delete(flowId)
  }

  get size(): number {
    return this.#byId.size
  }

  /** Abandoned flows would otherwise pile up in a long simulation. */
  #sweep(): void {
    const now = this.#clock.now()
    for (const flow of this.#byId.values()) {
      const expired =
        flow.codeIssuedAt === null
          ? now > flow.createdAt + PENDING_FLOW_LIFETIME_MS
          : now > flow.codeIssuedAt + AUTH_CODE_LIFETIME_MS
      if (expired) this.delete(flow.id)
    }
  }
}
