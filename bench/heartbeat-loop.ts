// One device's heartbeats, one after another, on the Fetch classes an embedded simulation uses:
// `backend` sends them straight to the mock backend's in-process fetch, `client` through the core's
// API client (api.call('heartbeat')). bench/instructions.ts counts the instructions of
// `node heartbeat-loop.ts <backend|client> <N>` for two N and divides the difference by it.
import { useLightFetchClasses } from '@coursekit/cli'
import { createCourseClient, memoryPlatform } from '@coursekit/core'
import { APP_ORIGIN, createSimulatedClock } from '@coursekit/core/testing'
import { createMockBackend } from '@coursekit/mock-server'
import { accessToken, TestApiAuth } from '@coursekit/testkit'

const [mode, count] = process.argv.slice(2)
const heartbeats = Number(count)
if ((mode !== 'backend' && mode !== 'client') || !Number.isInteger(heartbeats) || heartbeats < 0) {
  process.stderr.write('usage: heartbeat-loop.ts <backend|client> <heartbeats>\n')
  process.exit(2)
}

const release = useLightFetchClasses()
const clock = createSimulatedClock()
const backend = await createMockBackend({ clock, seedDemoAccounts: false, jwtExpirySeconds: 7 * 86400 })
const token = await accessToken(backend, { id: 'u1' })
const client = createCourseClient({
  apiBaseUrl: backend.url,
  platform: memoryPlatform({ url: `${APP_ORIGIN}/`, userAgent: 'bench', fetch: backend.fetch }),
  clock,
  fetch: backend.fetch,
  apiAuth: new TestApiAuth(token, 'u1'),
  devices: false,
  analytics: false,
})
const registered = await client.api.call('registerSession', { body: { sessionId: 's1', userAgent: 'bench' } })
if (!registered.ok) throw new Error(registered.error)

const url = `${backend.url}/api/v2/session-tracker/heartbeat`
const headers = {
  accept: 'application/json',
  'user-agent': 'bench',
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
}
const direct = async () => {
  const response = await backend.fetch(url, { method: 'POST', headers, body: JSON.stringify({ sessionId: 's1' }) })
  if (!response.ok) throw new Error(`heartbeat: ${response.status}`)
  await response.text()
}
const viaClient = async () => {
  const result = await client.api.call('heartbeat', { body: { sessionId: 's1' } })
  if (!result.ok) throw new Error(result.error)
}
const one = mode === 'backend' ? direct : viaClient
// Warm first, so both counts include the same compilation and only the extra heartbeats differ.
for (let i = 0; i < 2000 + heartbeats; i++) await one()
client.dispose()
release()
