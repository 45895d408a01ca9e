import {
  createCourseClient,
  createQueries,
  createStore,
  type DeviceSessionService,
  type FetchLike,
  memoryPlatform,
} from '@coursekit/core'
import { HOUR, MINUTE } from '@coursekit/core/clock'
import {
  APP_ORIGIN,
  createApiUrls,
  createDeviceSessionService,
  createMemoryBroadcast,
  createMemoryLocks,
  createMemoryStorage,
  createSimulatedClock,
  loadDeviceSessionEngine,
  type SimulatedClock,
} from '@coursekit/core/testing'
import { createMockBackend, type MockBackend } from '@coursekit/mock-server'
import { accessToken as signedToken, TestApiAuth } from '@coursekit/testkit'
import { type BenchSection, fmt } from './report.ts'

const SIMULATED_HOURS = 24
const HEAP_CLIENTS = 1_000
const TRACKER = '/api/v2/session-tracker'

/** A backend on a simulated clock, with a fetch that counts requests by path and knows what is in flight. */
async function world(options: { deviceLimit?: number } = {}) {
  // The code that runs device sessions, as a signed-in page has it (loaded at its sign-in).
  await loadDeviceSessionEngine()
  const clock = createSimulatedClock()
  const backend = await createMockBackend({
    clock,
    seedDemoAccounts: false,
    jwtExpirySeconds: 7 * 24 * 3600,
    ...options,
  })
  const counts = new Map<string, number>()
  let inFlight = 0
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init)
    const path = new URL(request.url).pathname.replace(TRACKER, 'tracker')
    counts.set(path, (counts.get(path) ?? 0) + 1)
    inFlight++
    try {
      return await backend.fetch(request)
    } finally {
      inFlight--
    }
  }
  return { clock, backend, fetch, counts, inFlight: () => inFlight }
}

type World = Awaited<ReturnType<typeof world>>

/**
 * Lets what was started finish without moving simulated time: the backend answers within the
 * microtask queue, so one tickAsync(0) sees every request through, with whatever its answer starts.
 */
async function settle(w: World): Promise<void> {
  await w.clock.tickAsync(0)
  quiet(w)
}

/**
 * Throws if a request is still in flight: it would be waiting on simulated time, and the counts
 * would miss it. A tickAsync that moves time needs no settle after it: it lets promise chains run
 * after each timer it fires.
 */
function quiet(w: World): void {
  if (w.inFlight() > 0) throw new Error(`${w.inFlight()} request(s) still in flight`)
}

interface Browser {
  storage: ReturnType<typeof createMemoryStorage>
  sharedBroadcast: ReturnType<typeof createMemoryBroadcast>
  sharedLocks: ReturnType<typeof createMemoryLocks>
}

/** One tab: a memory platform, a client, and the device service following a signed-in AuthForServices. */
function tab(
  w: World,
  clock: SimulatedClock,
  userId: string,
  accessToken: string,
  browser?: Browser,
): DeviceSessionService {
  const platform = memoryPlatform({
    url: `${APP_ORIGIN}/courses`,
    userAgent: 'bench',
    fetch: w.fetch,
    sharedStorage: browser?.storage,
    sharedBroadcast: browser?.sharedBroadcast,
    sharedLocks: browser?.sharedLocks,
  })
  const apiAuth = new TestApiAuth(accessToken, userId)
  const client = createCourseClient({ apiBaseUrl: w.backend.url, platform, clock, fetch: w.fetch, apiAuth })
  const auth = {
    store: createStore({ status: 'authenticated' as const, user: { id: userId, email: `${userId}@bench.test` } }),
    onBeforeSignOut: () => () => {},
  }
  return createDeviceSessionService({
    api: client.api,
    platform,
    clock,
    events: client.events,
    auth,
    queries: createQueries({ api: client.api, clock, lifecycle: platform.lifecycle, account: auth.store }),
    urls: createApiUrls(w.backend.url),
    accessToken: () => accessToken,
  })
}

interface RateFigures {
  heartbeats: number
  other: number
}

/** Requests per device-hour of one device (of `tabs` tabs), watching or idle, over 24 simulated hours. */
async function requestsPerDeviceHour(watching: boolean, tabs: number): Promise<RateFigures> {
  const w = await world()
  const accessToken = await signedToken(w.backend, { id: 'bench-user' })
  const browser: Browser = {
    storage: createMemoryStorage(),
    sharedBroadcast: createMemoryBroadcast(),
    sharedLocks: createMemoryLocks(),
  }
  const services = Array.from({ length: tabs }, () => tab(w, w.clock, 'bench-user', accessToken, browser))
  for (const service of services) service.start()
  await settle(w)
  if (watching) await services[0]!.startWatching('bench-video')
  await settle(w)
  w.counts.clear()
  const step = watching ? MINUTE : 20 * MINUTE
  for (let elapsed = 0; elapsed < SIMULATED_HOURS * HOUR; elapsed += step) {
    await w.clock.tickAsync(step)
    quiet(w)
  }
  for (const service of services) service.dispose()
  const heartbeats = w.counts.get('tracker/heartbeat') ?? 0
  const all = [...w.counts.values()].reduce((sum, n) => sum + n, 0)
  return { heartbeats: heartbeats / SIMULATED_HOURS, other: (all - heartbeats) / SIMULATED_HOURS }
}

const gc = (globalThis as { gc?: () => void }).gc

function heapUsed(): number {
  gc?.()
  gc?.()
  return process.memoryUsage().heapUsed
}

interface HeapFigures {
  perClient: number
  perRegisteredDevice: number
  serverPerDevice: number
  registerMs: number
  idleHourMs: number
  idleHourRequests: number
}

async function signTokens(backend: MockBackend): Promise<string[]> {
  const tokens: string[] = []
  for (let i = 0; i < HEAP_CLIENTS; i++) tokens.push(await signedToken(backend, { id: `bench-user-${i}` }))
  return tokens
}

/** What the mock backend itself keeps per device: the same registrations as plain requests. */
async function serverHeapPerDevice(): Promise<number> {
  const w = await world()
  const tokens = await signTokens(w.backend)
  const base = heapUsed()
  for (const [i, accessToken] of tokens.entries()) {
    const response = await w.fetch(`${w.backend.url}${TRACKER}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: `bench-user-${i}_device`, userAgent: 'bench' }),
    })
    await response.arrayBuffer()
  }
  return (heapUsed() - base) / HEAP_CLIENTS
}

/** 1,000 clients, each its own user and device, in one process against one in-process backend. */
async function heapPerDevice(): Promise<HeapFigures> {
  // The first round also pays for what the process sets up once (compiled routes, caches): discard it.
  await serverHeapPerDevice()
  const serverPerDevice = await serverHeapPerDevice()
  const w = await world()
  const tokens = await signTokens(w.backend)
  const base = heapUsed()
  const services = tokens.map((accessToken, i) => tab(w, w.clock, `bench-user-${i}`, accessToken))
  const created = heapUsed()
  const started = performance.now()
  for (const service of services) service.start()
  await settle(w)
  const registerMs = performance.now() - started
  const registered = heapUsed()
  const live = w.backend.context.devices.snapshot().liveSessions
  if (live !== HEAP_CLIENTS) throw new Error(`expected ${HEAP_CLIENTS} registered devices, got ${live}`)
  w.counts.clear()
  const hourStarted = performance.now()
  for (let elapsed = 0; elapsed < HOUR; elapsed += 20 * MINUTE) {
    await w.clock.tickAsync(20 * MINUTE)
    quiet(w)
  }
  const idleHourMs = performance.now() - hourStarted
  const idleHourRequests = [...w.counts.values()].reduce((sum, n) => sum + n, 0)
  for (const service of services) service.dispose()
  return {
    perClient: (created - base) / HEAP_CLIENTS,
    perRegisteredDevice: (registered - base) / HEAP_CLIENTS,
    serverPerDevice,
    registerMs,
    idleHourMs,
    idleHourRequests,
  }
}

const kib = (bytes: number) => `${fmt(bytes / 1024, 1)} KiB`

export async function devicesBench(): Promise<BenchSection> {
  const watching = await requestsPerDeviceHour(true, 1)
  const idle = await requestsPerDeviceHour(false, 1)
  const idleTabs = await requestsPerDeviceHour(false, 3)
  const watchingTabs = await requestsPerDeviceHour(true, 3)
  const heap = await heapPerDevice()
  const rate = (figures: RateFigures) => [
    fmt(figures.heartbeats, 2),
    fmt(figures.other, 2),
    fmt(figures.heartbeats + figures.other, 2),
  ]
  return {
    title: 'Device sessions: requests per device-hour and memory per device',
    method: `The device service against the in-process mock backend on the simulated clock: ${SIMULATED_HOURS} simulated hours after registration (and, watching, after the watch started), every request counted. Heap: ${fmt(HEAP_CLIENTS)} clients, each its own user, memory platform and device service, in one process (${gc ? 'after forced GC' : 'WITHOUT --expose-gc: figures are noisy'}).`,
    table: {
      header: ['measure', 'heartbeats', 'other requests', 'total'],
      rows: [
        ['watching, requests per device-hour', ...rate(watching)],
        ['idle, requests per device-hour', ...rate(idle)],
        ['idle, 3 tabs of one browser, per device-hour', ...rate(idleTabs)],
        ['watching in 1 of 3 tabs, per device-hour', ...rate(watchingTabs)],
        ['heap per client: platform, API client, device service (not registered)', kib(heap.perClient), '', ''],
        ['heap per registered device, client and mock server together', kib(heap.perRegisteredDevice), '', ''],
        ['of which the mock server (measured alone)', kib(heap.serverPerDevice), '', ''],
        ['so the client per registered device', kib(heap.perRegisteredDevice - heap.serverPerDevice), '', ''],
        [`registering ${fmt(HEAP_CLIENTS)} devices (wall time)`, `${fmt(heap.registerMs)} ms`, '', ''],
        [
          `one simulated idle hour of ${fmt(HEAP_CLIENTS)} devices (wall time)`,
          `${fmt(heap.idleHourMs)} ms`,
          `${fmt(heap.idleHourRequests)} requests`,
          '',
        ],
      ],
    },
    notes: [
      'Spec section 9 rhythm: 60 heartbeats per hour watching, 3 idle; tabs of one browser share one heartbeat stream (Web Locks leadership; shared in-memory locks here).',
      '"Other requests" in the watching rows is zero once playing: the registration and the watch happened before counting started.',
    ],
  }
}
