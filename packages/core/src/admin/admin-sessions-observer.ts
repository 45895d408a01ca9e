import type { ApiClient } from '../api/api-client-types.ts'
import type { AdminDeviceSession } from '../contract/admin.ts'
import type { Clock } from '../kernel/clock.ts'
import { ADMIN_SESSIONS_REFRESH_MS } from '../kernel/constants.ts'
import type { ClientEvents, EventEmitter } from '../kernel/emitter.ts'
import { decisionMessages } from '../kernel/messages.ts'

export interface AdminSessionsFilter {
  /** People whose e-mail, name or nickname contains it ('' for everyone). */
  query: string
  /** Only the devices playing a video now. */
  watchingOnly: boolean
}

/** The platform's live device sessions as the admin area shows them. A new object whenever anything changes. */
export interface AdminSessionsSnapshot {
  /** `forbidden`: the signed-in user is not an admin (or nobody is signed in); nothing more is read. */
  status: 'idle' | 'loading' | 'success' | 'error' | 'forbidden'
  /** Newest activity first: who, which device, watching what, since when. */
  sessions: readonly AdminDeviceSession[]
  total: number
  deviceLimit: number | null
  error: string | null
  /** When the list was read (client clock). */
  fetchedAt: number | null
  /** A read is on its way (also while the last list is still shown). */
  isFetching: boolean
  filter: AdminSessionsFilter
  /** The sessions a sign-out is on its way for. */
  signingOut: readonly string[]
}

export type AdminSessionsResult =
  | { ok: true; sessions: readonly AdminDeviceSession[] }
  | { ok: false; error: string; code: string | null; status: number }

export type AdminSignOutResult = { ok: true } | { ok: false; error: string; code: string | null }

/**
 * The admin area's live sessions (GET /api/v2/admin/sessions) and signing any device out (DELETE
 * /api/v2/admin/sessions/{id}; the device learns it at its next heartbeat). While subscribed it reads
 * the list at once and every 30 s on the client's clock. Creating one does nothing; subscribing starts it.
 */
export interface AdminSessionsObserver {
  /** The same object until something changes (what `useSyncExternalStore` needs). */
  getSnapshot(): AdminSessionsSnapshot
  subscribe(listener: () => void): () => void
  refresh(): Promise<AdminSessionsResult>
  /** Changes the filter and reads the list for it. */
  setFilter(filter: Partial<AdminSessionsFilter>): Promise<AdminSessionsResult>
  /** Signs the device out; toasts 기기를 로그아웃했습니다. and reads the list again. */
  signOut(sessionId: string): Promise<AdminSignOutResult>
}

export interface AdminSessionsDeps {
  api: ApiClient
  clock: Clock
  /** The client-wide events: the toasts of a sign-out go out as `notice`. */
  events: EventEmitter<ClientEvents>
  /** Default ADMIN_SESSIONS_REFRESH_MS. */
  refreshIntervalMs?: number
}

const initial: AdminSessionsSnapshot = Object.freeze({
  status: 'idle',
  sessions: [],
  total: 0,
  deviceLimit: null,
  error: null,
  fetchedAt: null,
  isFetching: false,
  filter: Object.freeze({ query: '', watchingOnly: false }),
  signingOut: [],
})

export function createAdminSessionsObserver(deps: AdminSessionsDeps): AdminSessionsObserver {
  const { api, clock, events } = deps
  const interval = deps.refreshIntervalMs ?? ADMIN_SESSIONS_REFRESH_MS
  let snapshot = initial
  const listeners = new Set<() => void>()
  let timer: { handle: unknown } | null = null
  /** Bumped by every read: only the answer to the latest read is shown. */
  let latestRead = 0

  function set(patch: Partial<AdminSessionsSnapshot>): void {
    snapshot = { ...snapshot, ...patch }
    for (const listener of [...listeners]) listener()
  }

  function schedule(): void {
    unschedule()
    if (listeners.size === 0 || snapshot.status === 'forbidden') return
    timer = { handle: clock.setTimeout(() => void read(), interval) }
  }

  function unschedule(): void {
    if (timer !== null) clock.clearTimeout(timer.handle)
    timer = null
  }

  async function read(): Promise<AdminSessionsResult> {
    const ticket = ++latestRead
    unschedule()
    set({ status: snapshot.status === 'idle' ? 'loading' : snapshot.status, isFetching: true })
    const { query, watchingOnly } = snapshot.filter
    const answer = await api.call(
      'adminSessions',
      { query: { ...(query.trim() ? { q: query.trim() } : {}), ...(watchingOnly ? { watching: 'true' } : {}) } },
      { retryOnRefresh: true },
    )
    if (ticket !== latestRead) {
      return answer.ok ? { ok: true, sessions: answer.data.sessions } : failed(answer)
    }
    if (answer.ok) {
      const { sessions, total, deviceLimit } = answer.data
      set({ status: 'success', sessions, total, deviceLimit, error: null, fetchedAt: clock.now(), isFetching: false })
      schedule()
      return { ok: true, sessions }
    }
    const forbidden = answer.status === 401 || answer.status === 403
    set({
      status: forbidden ? 'forbidden' : 'error',
      error: forbidden ? decisionMessages.adminOnly : answer.error,
      isFetching: false,
      ...(forbidden ? { sessions: [], total: 0 } : {}),
    })
    schedule()
    return failed(answer)
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      if (listeners.size === 1) void read()
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return
        unschedule()
        // A read on its way when the last listener leaves is not shown to anyone.
        latestRead++
        if (snapshot.isFetching) snapshot = { ...snapshot, isFetching: false }
      }
    },
    refresh: read,
    setFilter(filter) {
      set({ filter: { ...snapshot.filter, ...filter } })
      return read()
    },
    async signOut(sessionId) {
      set({ signingOut: [...snapshot.signingOut, sessionId] })
      const answer = await api.call('adminSignOutSession', { params: { sessionId } }, { notify: false })
      set({ signingOut: snapshot.signingOut.filter((id) => id !== sessionId) })
      if (answer.ok) {
        events.emit('notice', { kind: 'success', message: decisionMessages.adminDeviceSignedOut })
        set({ sessions: snapshot.sessions.filter((session) => session.sessionId !== sessionId) })
        void read()
        return { ok: true }
      }
      // 403 is answered without a toast (spec section 8); the list says why.
      if (answer.status !== 403) {
        events.emit('notice', {
          kind: 'error',
          message: decisionMessages.adminDeviceSignOutFailed,
          description: answer.error,
        })
      }
      void read()
      return { ok: false, error: answer.error, code: answer.code }
    },
  }
}

function failed(answer: { error: string; code: string | null; status: number }): AdminSessionsResult {
  return { ok: false, error: answer.error, code: answer.code, status: answer.status }
}
