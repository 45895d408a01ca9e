/**
 * The device limit, on a simulated clock shared by two devices and the backend: the second device
 * hits the limit, removes the oldest from the dialog model and gets in; the removed device learns it
 * was signed out at its next heartbeat. A day of this runs in milliseconds.
 *
 *   npm run example:device-limit
 */
import { type CourseClient, createCourseClient, memoryPlatform } from '@coursekit/core'
import { MINUTE } from '@coursekit/core/clock'
import { createSimulatedClock } from '@coursekit/core/testing'
import { createMockBackend, DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'

const clock = createSimulatedClock()
const backend = await createMockBackend({ clock, deviceLimit: 1 })

function device(name: string): CourseClient {
  const client = createCourseClient({
    apiBaseUrl: backend.url,
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    platform: memoryPlatform({ url: 'https://app.coursekit.test/', userAgent: name, fetch: backend.fetch }),
    clock,
    analytics: false,
  })
  client.events.on('notice', ({ message }) => console.log(`${name}: notice ${message}`))
  client.devices!.events.on('evicted', ({ reason }) => console.log(`${name}: signed out by the server (${reason})`))
  client.start()
  return client
}

/**
 * Moves the shared clock. The in-process backend answers within the microtask queue, and tickAsync
 * lets promise chains run after each timer it fires: every request the timers start is answered
 * (and whatever the answer starts has happened) before it returns.
 */
const advance = (ms: number) => clock.tickAsync(ms)

const laptop = device('laptop')
await laptop.auth!.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
await advance(1_000)
console.log(`laptop: ${laptop.devices!.store.getState().status}`)

const phone = device('phone')
await phone.auth!.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)
await advance(1_000)
const dialog = phone.devices!.store.getState().limitDialog
console.log(
  `phone: ${phone.devices!.store.getState().status}; dialog lists ${dialog?.devices.length} device(s), oldest preselected: ${dialog?.selectedId === laptop.devices!.store.getState().sessionId}`,
)

await phone.devices!.limitDialog.remove()
await advance(1_000)
console.log(`phone: ${phone.devices!.store.getState().status}`)

await advance(20 * MINUTE)
console.log(
  `laptop after 20 simulated minutes: ${laptop.auth!.store.getState().status}, device ${laptop.devices!.store.getState().status}`,
)

laptop.dispose()
phone.dispose()
