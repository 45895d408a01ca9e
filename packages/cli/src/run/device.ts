import {
  type Clock,
  type CourseClient,
  createCourseClient,
  type DeviceCommandResult,
  type DeviceListResult,
  type DeviceSessionState,
  type MemoryPlatform,
  memoryPlatform,
  type RegistrationResult,
  type SignInResult,
  storageKeys,
  type WatchResult,
} from '@coursekit/core'
import { APP_ORIGIN } from '@coursekit/core/testing'
import type { Target } from '../target/target.ts'
import type { Account } from './account.ts'
import { hearClient } from './device-client-events.ts'
import { createDeviceCounts, type DeviceCounts, requestCounter } from './device-counts.ts'
import type { EventSink, RunEvent, RunEventName } from './events.ts'
import { createOfflineSwitch, type OfflineSwitch } from './offline-switch.ts'
import { createRegisteredTime } from './registered-time.ts'
import type { Traffic } from './traffic.ts'

/**
 * One simulated device: a browser with its own storage and cookies, running its own
 * `createCourseClient` (auth through the real supabase-js, device session, analytics) against the
 * run's target, on the run's clock. It counts its requests and the time it spends registered,
 * watching or idle, and reports what happens to it as events.
 */
export interface SimulatedDevice {
  readonly name: string
  readonly account: Account
  /** The client of the page now open (a reload opens a new one). */
  readonly client: CourseClient
  readonly platform: MemoryPlatform
  readonly crashed: boolean
  readonly online: boolean
  start(): void
  signIn(): Promise<SignInResult>
  register(): Promise<RegistrationResult>
  watch(videoId: string): Promise<WatchResult>
  endWatch(): Promise<DeviceCommandResult>
  terminateOthers(videoId: string): Promise<DeviceCommandResult>
  listDevices(): Promise<DeviceListResult>
  removeDevice(sessionId: string): Promise<DeviceCommandResult>
  forceLogout(sessionId: string): Promise<DeviceCommandResult>
  /** In the device-limit dialog: selects `sessionId` (default: the preselected oldest) and removes it. */
  resolveLimit(sessionId?: string | null): Promise<boolean>
  signOut(): Promise<void>
  /** The process dies: nothing is sent, no page-hide, the client is gone. */
  crash(): void
  /**
   * The page reloads: page-hide, then a new client on the same storage, cookies and session storage.
   * After a crash: the browser is opened again on what it had stored.
   */
  reload(): void
  setOnline(online: boolean): void
  state(): DeviceSessionState | null
  sessionId(): string | null
  userId(): string | null
  /** Hears this device's events (a simulated person reacting to them). */
  onEvent(listener: (event: RunEvent) => void): () => void
  readonly counts: DeviceCounts
  /** Registered time so far, split by whether a video played. */
  registeredTime(): { watchingMs: number; idleMs: number }
  dispose(): void
}

export interface SimulatedDeviceOptions {
  name: string
  account: Account
  userAgent: string
  target: Target
  clock: Clock
  traffic: Traffic
  /** Where simulated time began, for the events' `t`. */
  runStartedAt: number
  emit: EventSink
  /** Keep per-endpoint counts (scenarios' expectations need them; big simulations need not). */
  countEndpoints?: boolean
  /** Told when this device becomes registered (+1) or stops being so (-1): a run's live count without walking its devices. */
  onRegistration?(change: 1 | -1): void
}

export function createSimulatedDevice(options: SimulatedDeviceOptions): SimulatedDevice {
  const { name, account, target, clock, traffic } = options
  const counts = createDeviceCounts()
  const time = createRegisteredTime(clock, options.onRegistration)
  let crashed = false
  let client: CourseClient
  let platform: MemoryPlatform
  let cleanups: (() => void)[] = []
  const listeners = new Set<(event: RunEvent) => void>()

  const network: OfflineSwitch = createOfflineSwitch(target.fetch)
  const countSent = requestCounter(counts, {
    byEndpoint: options.countEndpoints === true,
    watching: () => client.devices?.store.getState().isWatchingVideo === true,
  })
  const fetch = traffic.wrap(network.fetch, { sent: countSent })

  const emit = (event: RunEventName, details: Record<string, unknown> = {}) => {
    const now = clock.now()
    const record: RunEvent = {
      type: 'event',
      event,
      t: now - options.runStartedAt,
      at: new Date(now).toISOString(),
      device: name,
      user: account.name,
      ...details,
    }
    options.emit(record)
    for (const listener of listeners) listener(record)
  }

  function open(seed?: {
    storage: Record<string, string>
    session: Record<string, string>
    cookies: Record<string, string>
  }) {
    platform = memoryPlatform({
      url: `${APP_ORIGIN}/`,
      userAgent: options.userAgent,
      fetch,
      // A browser's beacons reach the server; a page going away sends end-watch this way.
      deliverBeacons: true,
      ...(seed ? { storage: seed.storage, sessionStorage: seed.session, cookies: seed.cookies } : {}),
    })
    client = createCourseClient({
      apiBaseUrl: target.apiBaseUrl,
      supabaseUrl: target.supabaseUrl,
      supabaseAnonKey: target.anonKey,
      platform,
      clock,
      fetch,
      // The run's devices are browsers that stay on their page: navigation is recorded, not followed.
      navigation: 'manual',
    })
    cleanups = hearClient(client, {
      emit,
      tokenRefreshed: () => {
        counts.tokenRefreshes++
      },
      state: (state) => time.account(state),
    })
  }

  function close(): void {
    time.account(null)
    for (const cleanup of cleanups.splice(0)) cleanup()
    client.dispose()
  }

  open()

  const devicesOf = () => client.devices!

  return {
    name,
    account,
    get client() {
      return client
    },
    get platform() {
      return platform
    },
    get crashed() {
      return crashed
    },
    get online() {
      return network.online
    },
    start() {
      client.start()
    },
    async signIn() {
      const result = await client.auth!.signInWithPassword(account.email, account.password)
      if (result.status !== 'signed-in') {
        emit('signInFailed', {
          status: result.status,
          ...(result.status === 'error' ? { code: result.code, message: result.message } : {}),
        })
      }
      return result
    },
    async register() {
      const result = await devicesOf().register()
      if (!result.ok && result.code !== 'DEVICE_LIMIT_REACHED') {
        emit('registrationFailed', { code: result.code, status: result.status, message: result.error })
      }
      return result
    },
    async watch(videoId) {
      const result = await devicesOf().startWatching(videoId)
      if (result.ok) emit('watchStarted', { videoId })
      return result
    },
    async endWatch() {
      const wasWatching = devicesOf().store.getState().videoId
      const result = await devicesOf().stopWatching()
      if (wasWatching !== null) emit('watchEnded', { videoId: wasWatching, ok: result.ok })
      return result
    },
    async terminateOthers(videoId) {
      const result = await devicesOf().terminateOthers(videoId)
      emit('terminatedOthers', { videoId, ok: result.ok })
      return result
    },
    listDevices: () => devicesOf().listDevices({ force: true }),
    async removeDevice(sessionId) {
      const result = await devicesOf().removeDevice(sessionId)
      emit('deviceRemoved', { target: sessionId, ok: result.ok })
      return result
    },
    async forceLogout(sessionId) {
      const result = await devicesOf().forceLogout(sessionId)
      emit('forcedLogout', { target: sessionId, ok: result.ok })
      return result
    },
    async resolveLimit(sessionId) {
      const dialog = devicesOf().limitDialog
      const open = devicesOf().store.getState().limitDialog
      if (!open) return false
      if (sessionId !== undefined && sessionId !== null) dialog.select(sessionId)
      const target = devicesOf().store.getState().limitDialog?.selectedId ?? null
      const ok = await dialog.remove()
      emit('limitResolved', { removed: target, ok })
      return ok
    },
    async signOut() {
      if (crashed) return
      await client.auth!.logout()
    },
    crash() {
      if (crashed) return
      crashed = true
      emit('crashed')
      close()
    },
    reload() {
      // After a crash this is the browser opened again: the same storage, a new page.
      if (!crashed) platform.hidePage()
      const seed = {
        storage: platform.storage.entries(),
        session: platform.sessionStorage.entries(),
        cookies: Object.fromEntries([...platform.cookieJar].map(([cookie, stored]) => [cookie, stored.value])),
      }
      if (!crashed) close()
      crashed = false
      open(seed)
      emit('reloaded')
      client.start()
    },
    setOnline(online) {
      if (network.online === online) return
      network.online = online
      emit(online ? 'online' : 'offline')
    },
    state: () => (crashed ? null : devicesOf().store.getState()),
    sessionId: () => client.devices?.store.getState().sessionId ?? platform.storage.get(storageKeys.sessionId),
    userId: () => client.auth?.store.getState().user?.id ?? null,
    onEvent(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    counts,
    registeredTime() {
      if (!crashed) time.account(devicesOf().store.getState())
      return { watchingMs: time.watchingMs, idleMs: time.idleMs }
    },
    dispose() {
      if (!crashed) close()
      crashed = true
    },
  }
}
