import * as z from 'zod/mini'

/**
 * Fault injection for tests of the clients: delay, fail or drop the responses of chosen routes, a
 * chosen number of times. `drop` lets the server do the work and then loses the response, the case
 * clients most often get wrong (the registration happened, the client never heard).
 */
export const FaultRuleInput = z.object({
  /** HTTP method, or '*' for any. */
  method: z._default(z.string().check(z.regex(/^(\*|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/i)), '*'),
  /** Exact path, or a prefix ending in '*': '/api/v2/session-tracker/*'. */
  path: z.string().check(z.regex(/^\//, 'path must start with /')),
  kind: z.enum(['latency', 'status', 'drop']),
  /** For latency: milliseconds on the backend's clock. */
  latencyMs: z.optional(z.number().check(z.gte(0), z.lte(3_600_000))),
  /** For status: the status to answer with. Default 503. */
  status: z.optional(z.number().check(z.int(), z.gte(400), z.lte(599))),
  /** How many matching requests are hit before the rule retires. Default: unlimited. */
  count: z.optional(z.number().check(z.int(), z.gte(1))),
})
export type FaultRuleInput = z.input<typeof FaultRuleInput>

export interface FaultRule extends z.output<typeof FaultRuleInput> {
  id: string
  /** How many requests it has hit so far. */
  hits: number
}

export class DroppedResponseError extends Error {
  override readonly name = 'DroppedResponseError'
  constructor(method: string, path: string) {
    super(`response to ${method} ${path} dropped by an injected fault`)
  }
}

export class FaultInjector {
  #rules: FaultRule[] = []
  #nextId = 1

  /** Adds a rule; throws a readable error for a bad one. */
  add(input: FaultRuleInput): FaultRule {
    const parsed = FaultRuleInput.safeParse(input)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new TypeError(`invalid fault rule: ${issue?.path.join('.') || 'rule'}: ${issue?.message ?? 'invalid'}`)
    }
    if (parsed.data.kind === 'latency' && parsed.data.latencyMs === undefined) {
      throw new TypeError('invalid fault rule: latencyMs is required for a latency fault')
    }
    const rule: FaultRule = {
      ...parsed.data,
      method: parsed.data.method.toUpperCase(),
      id: `fault-${this.#nextId++}`,
      hits: 0,
    }
    this.#rules.push(rule)
    return rule
  }

  remove(id: string): boolean {
    const before = this.#rules.length
    this.#rules = this.#rules.filter((rule) => rule.id !== id)
    return this.#rules.length !== before
  }

  clear(): void {
    this.#rules = []
  }

  list(): readonly FaultRule[] {
    return this.#rules
  }

  /** Whether any rule is live: without one, a request's path need not even be parsed. */
  get armed(): boolean {
    return this.#rules.length > 0
  }

  /** The first live rule for this request, counted as a hit; spent rules retire. */
  take(method: string, path: string): FaultRule | undefined {
    const rule = this.#rules.find((candidate) => matches(candidate, method, path))
    if (!rule) return undefined
    rule.hits++
    if (rule.count !== undefined && rule.hits >= rule.count) this.remove(rule.id)
    return rule
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method !== '*' && rule.method !== method.toUpperCase()) return false
  return rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path
}
