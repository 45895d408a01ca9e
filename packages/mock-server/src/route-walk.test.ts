import { PUBLIC_ENDPOINTS } from '@coursekit/core/contract'
import { describe, expect, it } from 'vitest'
import { backendRoutes, createMockBackend } from './backend.ts'
import { demoAccounts } from './demo-accounts.ts'

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])
const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']

/**
 * What a route's parameters are filled with: every segment of a public prefix (so a bearer route
 * such as /api/v2/users/:id/display-name is also tried as the public /api/v2/users/exists/display-name),
 * an id of each shape, and something nobody has.
 */
const PARAMETER_VALUES = [
  ...new Set(
    PUBLIC_ENDPOINTS.flatMap((entry) => entry.prefixes.flatMap((prefix) => prefix.split('/').filter(Boolean))),
  ),
  demoAccounts.learner.id,
  'x',
]

/**
 * Bodies to send: none of the fields, and one with a valid value for the fields of every body schema
 * of the contract at once (unknown fields are dropped), so a handler that reads its body before it
 * looks at the caller is reached too.
 */
const BODIES = [
  '{}',
  JSON.stringify({
    displayName: '누구',
    provider: 'GOOGLE',
    sessionId: 'walk-session',
    userAgent: 'walker',
    videoId: 'v1',
    updates: {},
    timestamp: 0,
    email: 'walker@coursekit.dev',
    password: 'walker-password-1',
    id: 'walk-id',
    uid: 'walk-id',
    oauthProviders: ['EMAIL'],
    supabaseUserId: 'walk-id',
    phone: '010-5555-0000',
    code: '123456',
    entryPath: '/',
    deviceType: 'desktop',
    browser: 'Chrome',
    os: 'Linux',
    isNewUser: true,
    visitDuration: 1,
    bounced: false,
    conversionType: 'signup',
    ms: 0,
    kind: 'latency',
    latencyMs: 0,
    path: '/nowhere',
    count: 1,
  }),
]

/** Every concrete path of a Hono pattern, each parameter and wildcard filled with each value. */
function concretePaths(pattern: string): string[] {
  const holes = pattern.split('/').map((segment) => segment.startsWith(':') || segment === '*')
  let paths = ['']
  pattern
    .split('/')
    .slice(1)
    .forEach((segment, index) => {
      const values = holes[index + 1] ? PARAMETER_VALUES : [segment]
      paths = paths.flatMap((path) => values.map((value) => `${path}/${value}`))
    })
  return paths
}

describe('every route of the backend, called without a token', () => {
  it('answers as a refusal or an answer, never a 5xx (a bearer route under a public prefix is 401)', async () => {
    const backend = await createMockBackend()
    const routes = backendRoutes(backend)
    expect(routes.length).toBeGreaterThan(60)
    const failures: string[] = []
    let calls = 0
    for (const { method, path } of routes) {
      for (const concrete of concretePaths(path)) {
        for (const verb of method === 'ALL' ? ALL_METHODS : [method]) {
          for (const [apikey, body] of [null, backend.anonKey].flatMap((key) => BODIES.map((b) => [key, b] as const))) {
            const response = await backend.fetch(`${backend.url}${concrete}`, {
              method: verb,
              headers: { 'content-type': 'application/json', ...(apikey ? { apikey } : {}) },
              ...(BODY_METHODS.has(verb) ? { body } : {}),
            })
            calls++
            if (response.status >= 500)
              failures.push(`${verb} ${concrete} → ${response.status} ${await response.text()}`)
            // A fault rule a walk might add would turn what follows into injected 5xx.
            backend.faults.clear()
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(2000)
    expect(failures).toEqual([])
  })

  it('answers the bearer routes under a public prefix with 401 in the platform’s error body', async () => {
    const backend = await createMockBackend()
    for (const [method, path] of [
      ['PATCH', '/api/v2/users/exists/display-name'],
      ['PATCH', '/api/v2/users/create/display-name'],
      ['PATCH', '/api/v2/users/activate/oauth-providers'],
      ['PATCH', '/api/v2/users/lookup/oauth-providers'],
    ] as const) {
      const response = await backend.fetch(`${backend.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ displayName: '누구', provider: 'GOOGLE' }),
      })
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 401,
        body: { error: 'Authentication required', message: 'Authentication required', code: 'UNAUTHORIZED' },
      })
    }
  })
})
