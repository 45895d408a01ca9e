import type { AppRoute } from '../kernel/app-route.ts'
import type { AuthForServicesState } from '../kernel/auth-for-services.ts'
import type { KeyValueStorage } from '../kernel/ports.ts'
import { isAdminPath } from '../kernel/routes.ts'
import type { Store } from '../kernel/store.ts'
import { deviceSessionIdFor, forgetDeviceSessionId } from './device-id-storage.ts'
import type { DeviceListCache } from './device-list-cache.ts'
import type { DevicePageLifecycle } from './device-page-lifecycle.ts'
import type { DeviceSessionState } from './device-public-types.ts'
import type { DeviceRegistration } from './device-registration.ts'
import type { DeviceSession } from './device-session.ts'
import type { DeviceWatch } from './device-watch.ts'
import type { DeviceTabs } from './tabs/device-tabs.ts'

export interface SessionTransitionsDeps {
  storage: KeyValueStorage
  route: AppRoute
  store: Store<DeviceSessionState>
  generateId: () => string
  session: DeviceSession
  tabs: DeviceTabs
  devices: DeviceListCache
  registration: DeviceRegistration
  watch: DeviceWatch
  page: Pick<DevicePageLifecycle, 'sendEnd'>
  /** Whether the service runs (started, not disposed): a transition that finishes later does nothing otherwise. */
  isStarted: () => boolean
}

/**
 * Where the device's session starts and ends: a sign-in starts it, a sign-out ends it (and tells the
 * server), a change of user ends one and then starts the other, in order; the admin area pauses
 * tracking without ending it.
 */
export function createSessionTransitions(deps: SessionTransitionsDeps) {
  const { storage, route, store, generateId, session, tabs, devices, registration, watch, page, isStarted } = deps
  /** The user whose session the sign-out hook already ended, while the auth store still shows them. */
  let signedOutUser: string | null = null
  /** Ends of old sessions and starts of new ones, in order. */
  let transitions: Promise<void> = Promise.resolve()

  /** Ends this tab's session state; returns the session id the server must still be told about. */
  function endSessionHere(): string | null {
    const { sessionId, isInitialized, status } = store.getState()
    const wasLive = isInitialized || status === 'registering'
    watch.cancelUpdates()
    devices.invalidate()
    session.end({ status: 'idle', sessionId: null, lastError: null, lastHeartbeatSent: null })
    return sessionId !== null && wasLive && sessionId !== session.lastEndedSessionId ? sessionId : null
  }

  function beginSession(userId: string): void {
    if (!isStarted() || session.userId !== userId) return
    const sessionId = deviceSessionIdFor(storage, userId, generateId)
    store.setState({ sessionId, status: 'idle', lastError: null })
    tabs.post({ type: 'query', sessionId, tabId: tabs.tabId })
    void registration.register()
  }

  /** Login starts the session, logout ends it, a change of user ends one and then starts the other. */
  function followAuth(state: AuthForServicesState): void {
    if (!isStarted() || state.status === 'loading') return
    const target = state.status === 'authenticated' ? (state.user?.id ?? null) : null
    if (target !== signedOutUser) signedOutUser = null
    if (target !== null && target === signedOutUser) return
    if (target === session.userId) return
    const previous = session.userId
    session.setUser(target)
    if (previous === null) {
      if (target !== null) beginSession(target)
      return
    }
    const ending = endSessionHere()
    if (target === null) forgetDeviceSessionId(storage, previous)
    transitions = transitions
      .then(() => (ending === null ? undefined : page.sendEnd(ending)))
      .then(() => {
        if (target !== null) beginSession(target)
      })
  }

  /** Runs before sign-out drops the session: the device's session ends while everything still works. */
  async function beforeSignOut(): Promise<void> {
    if (session.userId === null) return
    const userId = session.userId
    signedOutUser = userId
    const ending = endSessionHere()
    // The device's session ends with the sign-out, and so does its id (a shared computer's next
    // person must not carry it on).
    forgetDeviceSessionId(storage, userId)
    if (ending !== null) await page.sendEnd(ending)
  }

  /**
   * The admin area skips tracking (spec section 6) also when the app moves there without a page
   * load: the watch ends and this tab stops tracking (no heartbeats; the lead passes to another tab)
   * without ending the device's session, a navigation being no logout. Leaving registers again.
   */
  function followRoute(pathname: string): void {
    const { status } = store.getState()
    if (!isAdminPath(pathname)) {
      if (status === 'skipped' && session.userId !== null) void registration.register()
      return
    }
    if (status === 'idle' || status === 'skipped' || status === 'evicted') return
    const generation = session.generation
    void watch.stopWatching().then(() => {
      if (!isStarted() || generation !== session.generation || !isAdminPath(route.pathname())) return
      watch.cancelUpdates()
      session.end({ status: 'skipped', lastError: null })
    })
  }

  return { followAuth, beforeSignOut, followRoute }
}
