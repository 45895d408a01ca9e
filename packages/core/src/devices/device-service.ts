import type { ApiClient } from '../api/api-client-types.ts'
import type { ApiUrls } from '../api/api-urls.ts'
import type { ServerStateHint, SessionUpdates } from '../contract/session-tracker.ts'
import { type AppRoute, createAppRoute } from '../kernel/app-route.ts'
import type { AuthForServices, AuthForServicesState } from '../kernel/auth-for-services.ts'
import type { Clock } from '../kernel/clock.ts'
import { type ClientEvents, createEmitter, type EventEmitter } from '../kernel/emitter.ts'
import type { Platform } from '../kernel/ports.ts'
import { createStore, type ReadableStore, type Store } from '../kernel/store.ts'
import type { Queries } from '../queries/queries.ts'
import { randomDeviceId } from './device-id-storage.ts'
import type { DeviceLimitDialog } from './device-limit-dialog.ts'
import {
  commandFailure,
  type DeviceCommandFailure,
  type DeviceCommandResult,
  type DeviceCommands,
  type DeviceListResult,
  type DeviceSessionEvents,
  type DeviceSessionState,
  deviceErrorCodes,
  initialDeviceSessionState,
  type RegistrationResult,
  type WatchResult,
} from './device-public-types.ts'
import type { DeviceSessionEngine } from './device-session-engine.ts'

export interface DeviceSessionServiceDeps {
  api: ApiClient
  /** The API's URLs: beacons bypass the API client and need absolute URLs. */
  urls: ApiUrls
  platform: Platform
  clock: Clock
  /** The client's events: toasts go out as `notice`. */
  events: EventEmitter<ClientEvents>
  auth: AuthForServices
  /** The client's content reads: the device list is one of them (so a page showing it sees what the session primes). */
  queries: Queries
  /**
   * The current access token, for the end-watch sent while the page goes away (a beacon cannot wait
   * for the API client). Default: the platform's token store.
   */
  accessToken?: () => string | null | Promise<string | null>
  /** The random part of new session ids and tab ids. Default: 128 random bits in hex. */
  generateId?: () => string
  /** Where the app is, to skip tracking in the admin area. Default: one over the platform's location. */
  route?: AppRoute
}

/** `client.devices`: the device session of spec sections 2, 3, 4, 7, 8 and 9. */
export interface DeviceSessionService extends DeviceCommands {
  readonly store: ReadableStore<DeviceSessionState>
  readonly events: EventEmitter<DeviceSessionEvents>
  /** Follows the auth state from now on: a user appears -> register; leaves -> end; changes -> both. Idempotent. */
  start(): void
  /** Stops timers, listeners and the tab lead; sends nothing (a closing tab is not a logout). */
  dispose(): void
  /** Whether a video plays in this tab: while it does, a 401 neither redirects nor logs out (spec section 4). */
  isWatching(): boolean
}

type EngineModule = typeof import('./device-session-engine.ts')

/** The engine's code once loaded: one load per page (or process), shared by every service in it. */
let loadedEngine: EngineModule | null = null
let engineLoad: Promise<EngineModule> | null = null

/**
 * Loads the code that runs device sessions (device-session-engine.ts), once; a failed load (the
 * network dropped) is tried again by the next caller. Services load it by themselves when someone
 * signs in or a command is made; a program that wants no wait at its first sign-in may call it early.
 */
export function loadDeviceSessionEngine(): Promise<EngineModule> {
  engineLoad ??= import('./device-session-engine.ts').then(
    (module) => (loadedEngine = module),
    (error: unknown) => {
      engineLoad = null
      throw error
    },
  )
  return engineLoad
}

/**
 * `client.devices`, light enough for a signed-out visitor's first page: the state and events exist
 * from the start (a UI subscribes before anything loads), and the part that runs the session (the
 * engine: registration, heartbeats, watching, the device list and the limit dialog) is loaded when
 * someone is signed in or a command is first made. Commands made meanwhile wait for it. The engine
 * writes to this store and emits these events, so nothing a subscriber sees depends on when it
 * loaded; once it has, commands go straight to it.
 */
export function createDeviceSessionService(deps: DeviceSessionServiceDeps): DeviceSessionService {
  return new DeferredDeviceSession(deps)
}

/** A command's answer when the engine's code could not be loaded (the network dropped). */
function unloadable(error: unknown): DeviceCommandFailure {
  return commandFailure(
    `device session failed to load: ${error instanceof Error ? error.message : String(error)}`,
    deviceErrorCodes.exception,
  )
}

/**
 * The service in front of the engine. A class, so that its methods are shared: a simulation runs a
 * thousand of these in one process.
 */
class DeferredDeviceSession implements DeviceSessionService {
  readonly store: Store<DeviceSessionState>
  readonly events: EventEmitter<DeviceSessionEvents>
  readonly limitDialog: DeviceLimitDialog
  readonly #deps: DeviceSessionServiceDeps
  readonly #route: AppRoute
  #phase: 'idle' | 'started' | 'disposed' = 'idle'
  #engine: DeviceSessionEngine | null = null
  #unfollowAuth: (() => void) | null = null

  constructor(deps: DeviceSessionServiceDeps) {
    this.#deps = deps
    this.store = createStore<DeviceSessionState>(initialDeviceSessionState(deps.platform.userAgent()))
    this.events = createEmitter<DeviceSessionEvents>()
    this.#route = deps.route ?? createAppRoute(deps.platform.location)
    this.limitDialog = new DeferredLimitDialog(this)
  }

  /** The engine, if this service has made it. */
  get engine(): DeviceSessionEngine | null {
    return this.#engine
  }

  start(): void {
    if (this.#phase !== 'idle') return
    this.#phase = 'started'
    if (this.#engine) {
      this.#engine.start()
      return
    }
    const { auth } = this.#deps
    this.#unfollowAuth = auth.store.subscribe((state) => this.#followAuth(state))
    this.#followAuth(auth.store.getState())
  }

  dispose(): void {
    if (this.#phase === 'disposed') return
    this.#phase = 'disposed'
    this.#unfollowAuth?.()
    this.#unfollowAuth = null
    this.#engine?.dispose()
    if (!this.#deps.route) this.#route.dispose()
    this.events.all.clear()
  }

  register(): Promise<RegistrationResult> {
    return this.withEngine((engine) => engine.register(), unloadable)
  }

  startWatching(videoId: string): Promise<WatchResult> {
    return this.withEngine<WatchResult>((engine) => engine.startWatching(videoId), unloadable)
  }

  stopWatching(videoId?: string): Promise<DeviceCommandResult> {
    return this.withEngine((engine) => engine.stopWatching(videoId), unloadable)
  }

  terminateOthers(videoId: string): Promise<DeviceCommandResult> {
    return this.withEngine((engine) => engine.terminateOthers(videoId), unloadable)
  }

  // Without the engine nothing is registered, and updates of an unregistered device are dropped.
  update(updates: SessionUpdates): void {
    this.#engine?.update(updates)
  }

  flushUpdates(): Promise<void> {
    return this.#engine?.flushUpdates() ?? Promise.resolve()
  }

  listDevices(options?: { force?: boolean }): Promise<DeviceListResult> {
    return this.withEngine((engine) => engine.listDevices(options), unloadable)
  }

  removeDevice(id: string): Promise<DeviceCommandResult> {
    return this.withEngine((engine) => engine.removeDevice(id), unloadable)
  }

  forceLogout(sessionId: string, options?: { newSessionId?: string }): Promise<DeviceCommandResult> {
    return this.withEngine((engine) => engine.forceLogout(sessionId, options), unloadable)
  }

  getServerState(): Promise<ServerStateHint | null> {
    return this.withEngine(
      (engine) => engine.getServerState(),
      () => null,
    )
  }

  isWatching(): boolean {
    return this.store.getState().isWatchingVideo
  }

  /** Runs `command` on the engine: at once when its code is loaded, else once it is. */
  withEngine<T>(command: (engine: DeviceSessionEngine) => Promise<T>, ifUnloadable: (error: unknown) => T): Promise<T> {
    if (this.#engine) return command(this.#engine)
    if (loadedEngine) return command(this.#engineFrom(loadedEngine))
    return loadDeviceSessionEngine().then((module) => command(this.#engineFrom(module)), ifUnloadable)
  }

  /** A signed-in user needs the engine: made now when its code is loaded, else when it arrives. */
  #followAuth(state: AuthForServicesState): void {
    if (state.status !== 'authenticated' || state.user == null || this.#engine) return
    if (loadedEngine) {
      this.#engineFrom(loadedEngine)
      return
    }
    void loadDeviceSessionEngine().then(
      (module) => {
        if (this.#phase === 'started') this.#engineFrom(module)
      },
      // Not loaded (offline): the next change of the auth state, or a command, tries again.
      () => {},
    )
  }

  /** This service's engine, made from the loaded code the first time it is needed (and started if the service is). */
  #engineFrom(module: EngineModule): DeviceSessionEngine {
    if (this.#engine) return this.#engine
    const deps = this.#deps
    const { platform } = deps
    const engine = module.createDeviceSessionEngine({
      api: deps.api,
      urls: deps.urls,
      platform,
      clock: deps.clock,
      clientEvents: deps.events,
      auth: deps.auth,
      queries: deps.queries,
      route: this.#route,
      accessToken: deps.accessToken ?? (() => platform.tokenStore.get()),
      generateId: deps.generateId ?? randomDeviceId,
      store: this.store,
      events: this.events,
    })
    this.#engine = engine
    // From now on the engine follows the auth state itself.
    this.#unfollowAuth?.()
    this.#unfollowAuth = null
    if (this.#phase === 'started') engine.start()
    return engine
  }
}

/** The dialog's commands in front of the engine's. Without the engine no session ran, so no dialog is open. */
class DeferredLimitDialog implements DeviceLimitDialog {
  readonly #service: DeferredDeviceSession

  constructor(service: DeferredDeviceSession) {
    this.#service = service
  }

  select(id: string | null): void {
    this.#service.engine?.limitDialog.select(id)
  }

  remove(): Promise<boolean> {
    return this.#service.withEngine(
      (engine) => engine.limitDialog.remove(),
      () => false,
    )
  }

  close(): void {
    this.#service.engine?.limitDialog.close()
  }
}
