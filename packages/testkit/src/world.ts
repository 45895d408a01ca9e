import type { FetchLike } from '@coursekit/core'
import { MINUTE } from '@coursekit/core/clock'
import { APP_ORIGIN, createSimulatedClock, loadOnDemandModules, type SimulatedClock } from '@coursekit/core/testing'
import { createMockBackend, type MockBackend, type MockBackendOptions } from '@coursekit/mock-server'
import { createMswHandlers } from '@coursekit/mock-server/msw'
import type { SetupServer } from 'msw/node'
import { createWorldDevice, type Device, type DeviceOptions, type HandAuthDevice } from './device.ts'

export interface WorldOptions extends Omit<MockBackendOptions, 'clock'> {
  /** Where the simulated clock starts. Default SIMULATED_CLOCK_START_MS. */
  clockStart?: number
  /** Runs each step of idle(), advance() and until(), e.g. React's act(). */
  act?: (work: () => Promise<void>) => Promise<void>
  /** Every device's User-Agent unless it gives its own. Default: the memory platform's. */
  userAgent?: string
  /**
   * Reach the backend through this msw server (the real fetch path): the backend's handlers are
   * installed on it, and devices send with the global fetch unless they bring their own.
   */
  msw?: SetupServer
}

export interface RecordedRequest {
  /** The name of the device that sent it. */
  device: string
  method: string
  /** The path, without the query. */
  path: string
  /** Simulated time when it was sent. */
  at: number
  contentType: string | null
  /** The body as JSON, else as text; null without one. Read by the time the request is answered. */
  body: unknown
}

export interface World {
  clock: SimulatedClock
  /** The mock backend, with its controls: faults, mailbox, context (users, devices, tokens). */
  backend: MockBackend
  /** Every request of every device that went through the world's fetch, in the order sent. */
  requests: RecordedRequest[]
  /** Requests with this method to a path ending in `suffix`, e.g. `/session-tracker/heartbeat`. */
  requestsTo(method: string, suffix: string): RecordedRequest[]
  /** Requests sent and not yet answered. */
  inFlight(): number
  /** A fetch to the backend, in process, recording each request as sent by `device` (also into `own`). */
  fetchFor(device: string, own?: RecordedRequest[]): FetchLike
  /**
   * Waits, without moving the clock, until no request is on its way, running what is due now
   * (tickAsync(0)) after it. The backend answers in process but signs tokens off the main thread:
   * waiting for what is in flight rather than counting turns keeps that an observation.
   */
  idle(): Promise<void>
  /** Moves the clock by `ms` in steps of at most `step` (default a minute), idling after each. */
  advance(ms: number, step?: number): Promise<void>
  /** Runs what is due now (tickAsync(0)), turn after turn, until `done` holds; throws if it never does. */
  until(done: () => boolean): Promise<void>
  /**
   * A client as one browser tab (see Device), named by `name` (its requests are recorded under it):
   * `world.device('laptop')`, `world.device('laptop tab', { ...laptop.browser })`.
   */
  device(name: string, options: DeviceOptions & { handAuth: true }): HandAuthDevice
  device(name?: string | DeviceOptions, options?: DeviceOptions): Device
}

/** The one test world: one simulated clock, one in-process mock backend on it, and clients of it as devices. */
export async function createWorld(options: WorldOptions = {}): Promise<World> {
  const { clockStart, act = (work) => work(), userAgent, msw, ...backendOptions } = options
  const clock = createSimulatedClock(clockStart)
  // The devices' app lives at APP_ORIGIN, the backend at its own URL: the app's pages are where its
  // e-mail and OAuth links may lead, as a project's redirect allow list names its app.
  const redirectAllowList = [`${APP_ORIGIN}/**`, ...(backendOptions.redirectAllowList ?? [])]
  const backend = await createMockBackend({ ...backendOptions, redirectAllowList, clock })
  // The code a client loads on demand, loaded before any device exists: a page loads it over the
  // network, which a simulated clock does not model; tests of that loading are in the core
  // (device-service-loading, auth-js-on-demand, …).
  await loadOnDemandModules()
  if (msw) msw.use(...createMswHandlers(backend))
  // Looked up on each call, so msw's interception applies.
  const throughMsw: FetchLike | undefined = msw && ((input, init) => fetch(input, init))
  const requests: RecordedRequest[] = []
  const inFlight = new Set<Promise<unknown>>()
  const track = (work: Promise<unknown>) => {
    const settled = () => inFlight.delete(tracked)
    const tracked: Promise<unknown> = work.then(settled, settled)
    inFlight.add(tracked)
  }

  const world: World = {
    clock,
    backend,
    requests,
    requestsTo: (method, suffix) => requests.filter((r) => r.method === method && r.path.endsWith(suffix)),
    inFlight: () => inFlight.size,
    fetchFor: (device, own) => (input, init) => {
      const request = new Request(input, init)
      const { method, url, headers } = request
      const path = new URL(url).pathname
      const contentType = headers.get('content-type')
      const recorded: RecordedRequest = { device, method, path, at: clock.now(), contentType, body: null }
      requests.push(recorded)
      own?.push(recorded)
      if (request.body !== null)
        track(
          request
            .clone()
            .text()
            .then((text) => (recorded.body = parseBody(text))),
        )
      const answer = backend.fetch(request)
      track(answer)
      return answer
    },
    idle: () =>
      act(async () => {
        for (let round = 0; round < 100; round++) {
          if (inFlight.size > 0) await Promise.allSettled([...inFlight])
          await clock.tickAsync(0)
          if (inFlight.size === 0) return
        }
        throw new Error('requests never settled')
      }),
    async advance(ms, step = MINUTE) {
      for (let left = ms; left > 0; left -= step) {
        await act(() => clock.tickAsync(Math.min(step, left)))
        await world.idle()
      }
    },
    until: (done) =>
      act(async () => {
        for (let round = 0; round < 200 && !done(); round++) await clock.tickAsync(0)
        if (!done()) throw new Error('the awaited condition never held')
      }),
    device: ((name: string | DeviceOptions = {}, deviceOptions: DeviceOptions = {}) => {
      const named = typeof name === 'string' ? { ...deviceOptions, name } : name
      return createWorldDevice(world, { act, userAgent, fetch: throughMsw }, named)
    }) as World['device'],
  }
  return world
}

function parseBody(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
