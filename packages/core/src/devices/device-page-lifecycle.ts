import type { ApiClient } from '../api/api-client-types.ts'
import type { ApiUrls } from '../api/api-urls.ts'
import { endpointRoutes as endpoints } from '../contract/endpoint-routes.ts'
import type { Platform } from '../kernel/ports.ts'
import type { Store } from '../kernel/store.ts'
import type { Heartbeat } from './device-lease-heartbeat.ts'
import { safeCall } from './device-notices.ts'
import type { DeviceSessionState } from './device-public-types.ts'
import type { DeviceRegistration } from './device-registration.ts'
import type { DeviceSession } from './device-session.ts'
import type { DeviceWatch } from './device-watch.ts'
import type { WatchPresence } from './device-watch-presence.ts'
import type { DeviceTabs } from './tabs/device-tabs.ts'

export interface PageLifecycleDeps {
  api: ApiClient
  /** The API's URLs: the beacons go around the API client. */
  urls: ApiUrls
  platform: Platform
  store: Store<DeviceSessionState>
  /**
   * The current access token, for the end-watch sent while the page goes away (a beacon cannot wait
   * for the API client).
   */
  accessToken: () => string | null | Promise<string | null>
  session: DeviceSession
  tabs: DeviceTabs
  heartbeat: Heartbeat
  presence: WatchPresence
  registration: DeviceRegistration
  watch: DeviceWatch
}

/**
 * The page's comings and goings:
 * - page hide: a watch ends (so the user's other devices may play at once), sent so that it
 *   outlives the page. end-watch is not public, so it cannot go as a plain sendBeacon (which carries
 *   no header): it goes through the beacon port with the bearer header, which browsers send as a
 *   `fetch(..., { keepalive: true })`. A reload or a closed tab does not end the device session: the
 *   same browser is the same device, and the server's lease ends a device that never comes back.
 * - page shown again (back-forward cache): the ended watch is sent again;
 * - visible again: a heartbeat goes out at once unless the last contact is within the skip gap
 *   (hidden tabs' timers are throttled, and a removed device should learn it as the person returns),
 *   and a failed registration is tried again;
 * - logout: POST end (public), as a beacon when the page is going away.
 */
export function createDevicePageLifecycle(deps: PageLifecycleDeps) {
  const { api, urls, platform, store, accessToken, session, tabs, heartbeat, presence, registration, watch } = deps
  /** The video whose watch the page hide ended, to restore if the page comes back. */
  let watchEndedOnHide: string | null = null
  /** pagehide fired and the page has not become visible since: requests may not outlive it. */
  let pageGone = false

  const urlOf = (path: string) => urls.url(path)

  function onPageHide(): void {
    pageGone = true
    const { isWatchingVideo, videoId, sessionId } = store.getState()
    if (!isWatchingVideo && presence.inDoubt && sessionId !== null) {
      // A watch the server may hold while nothing plays: the page's last chance to end it.
      if (!presence.otherTabWatching) sendEndWatch(sessionId)
      return
    }
    if (!isWatchingVideo || videoId === null || sessionId === null) return
    presence.post(null)
    if (presence.otherTabWatching) return
    watchEndedOnHide = videoId
    sendEndWatch(sessionId)
  }

  function sendEndWatch(sessionId: string): void {
    const url = urlOf(endpoints.endWatch.path)
    const body = JSON.stringify({ sessionId })
    const send = (token: string | null) => {
      if (token) platform.beacon.send(url, body, { headers: { authorization: `Bearer ${token}` } })
    }
    try {
      const token = accessToken()
      // A synchronous token goes out inside the pagehide handler; a stored one a microtask later,
      // which browsers still allow while the page is being hidden.
      if (typeof token === 'string' || token === null) send(token)
      else void token.then(send, () => {})
    } catch {
      // No token, no end-watch: the watch then ends with the device's lease.
    }
  }

  function onVisibilityChange(visible: boolean): void {
    if (!visible) return
    const state = store.getState()
    if (pageGone) {
      pageGone = false
      const resume = watchEndedOnHide
      watchEndedOnHide = null
      if (resume !== null && state.isWatchingVideo && state.videoId === resume) {
        void watch.resumeAfterPageShow(resume)
      }
    }
    // The person is back: unless the device was in touch within the skip gap, a heartbeat goes now,
    // so a device signed out elsewhere hears it as they return. Only the lead tab's scheduler runs,
    // so only the lead tab sends it.
    heartbeat.sendIfStale()
    if (session.userId !== null && (state.status === 'failed' || state.status === 'skipped')) {
      void registration.register()
    }
  }

  /**
   * Tells the server this device's session is over (logout, a change of user). POST end is public,
   * so it needs no token and works after sign-out; while the page goes away it is a beacon, and a
   * request that cannot be sent is handed to the beacon too.
   */
  async function sendEnd(sessionId: string): Promise<void> {
    session.noteEnded(sessionId)
    tabs.post({ type: 'ended', sessionId })
    const url = urlOf(endpoints.endSession.path)
    const body = JSON.stringify({ sessionId })
    if (pageGone) {
      platform.beacon.send(url, body)
      return
    }
    const response = await safeCall(() => api.call('endSession', { body: { sessionId } }, { notify: false }))
    if (!response.ok && response.status === 0) platform.beacon.send(url, body)
  }

  return { onPageHide, onVisibilityChange, sendEnd }
}

export type DevicePageLifecycle = ReturnType<typeof createDevicePageLifecycle>
