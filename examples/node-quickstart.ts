/**
 * The core in Node: sign in, register this device, watch a video, list the devices, sign out.
 * Runs against the mock backend in-process; point apiBaseUrl/supabaseUrl/supabaseAnonKey at a real
 * deployment (and drop `fetch`) to use it for real.
 *
 *   npm run example:node   (or: node --conditions=@coursekit/source examples/node-quickstart.ts)
 */
import { createCourseClient, nodePlatform } from '@coursekit/core'
import { createMockBackend, DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'

const backend = await createMockBackend()
const client = createCourseClient({
  apiBaseUrl: backend.url,
  supabaseUrl: backend.url,
  supabaseAnonKey: backend.anonKey,
  platform: nodePlatform({ fetch: backend.fetch, userAgent: 'coursekit-example/1.0 (Node.js)' }),
  analytics: false,
})
client.events.on('notice', ({ kind, message }) => console.log(`notice (${kind}): ${message}`))
client.start()

const auth = client.auth!
const devices = client.devices!
const signedIn = await auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
if (signedIn.status !== 'signed-in') throw new Error(`sign-in failed: ${signedIn.status}`)
console.log(
  `signed in as ${signedIn.profile.nickname} (${signedIn.profile.role}), profile complete: ${signedIn.profile.hasProfile}`,
)

// The device registers by itself once someone signs in; wait for it.
await new Promise<void>((resolve) => {
  const done = () => devices.store.getState().status === 'registered'
  if (done()) return resolve()
  const stop = devices.store.subscribe(() => {
    if (done()) {
      stop()
      resolve()
    }
  })
})
console.log(`device registered: ${devices.store.getState().isInitialized}`)

const watch = await devices.startWatching('lesson-101')
console.log(`watching lesson-101: ${watch.ok}`)

const list = await devices.listDevices()
if (list.ok) console.log(`devices signed in: ${list.devices.length}`)

await devices.stopWatching()
await auth.logout()
console.log(`signed out: ${auth.store.getState().status}`)
client.dispose()
