import type { ApiClient } from '../api/api-client-types.ts'
import type { AdminDeviceSession } from '../contract/admin.ts'
import type { Clock } from '../kernel/clock.ts'
import { ADMIN_SESSIONS_REFRESH_MS } from '../kernel/constants.ts'
import type { ClientEvents, EventEmitter } from '../kernel/emitter.ts'
import { decisionMessages } from '../kernel/messages.ts'
import type { Queries } from '../queries/queries.ts'

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
 * The admin area's live sessions (GET /api/v2/admin/sessions, a query of the client's cache keyed by
 * the filter) and signing any device out (DELETE /api/v2/admin/sessions/{id}; the device learns it
 * at its next heartbeat; the sign-out invalidates the list). While subscribed it reads the list at
 * once and every 30 s on the client's clock. Creating one does nothing; subscribing starts it.
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
  /** The client's reads: the list is one of them. */
  queries: Queries
  clock: Clock
  /** The client-wide events: the toasts of a sign-out go out as `notice`. */
  events: EventEmitter<ClientEvents>
  /** Default ADMIN_SESSIONS_REFRESH_MS. */
  refreshIntervalMs?: number
}

const noFilter: AdminSessionsFilter = Object.freeze({ query: '', watchingOnly: false })

export function createAdminSessionsObserver(deps: AdminSessionsDeps): AdminSessionsObserver {
  const { api, clock, events } = deps
  const interval = deps.refreshIntervalMs ?? ADMIN_SESSIONS_REFRESH_MS
  let filter = noFilter
  const list = deps.queries.observe('adminSessions', inputOf(filter))
  const listeners = new Set<() => void>()
  let unfollow: (() => void) | null = null
  let timer: { handle: unknown } | null = null
  let signingOut: readonly string[] = []
  /** Signed out since the list shown was read: left out until the next answer. */
  let gone: { from: unknown; ids: readonly string[] } = { from: null, ids: [] }
  let snapshot: AdminSessionsSnapshot = Object.freeze({
    status: 'idle',
    sessions: [],
    total: 0,
    deviceLimit: null,
    error: null,
    fetchedAt: null,
    isFetching: false,
    filter,
    signingOut,
  })

  /** The list as the cache has it, less what was signed out since; idle until first subscribed. */
  function update(): void {
    const view = list.getSnapshot()
    if (snapshot.status === 'idle' && listeners.size === 0) {
      snapshot = { ...snapshot, filter, signingOut }
      return
    }
    const forbidden = view.failure?.status === 401 || view.failure?.status === 403
    const answered = forbidden
      ? 'forbidden'
      : view.status === 'ready'
        ? 'success'
        : view.status === 'failed'
          ? 'error'
          : null
    // While a read is on its way (another filter, a retry), what the last answer said stays: the
    // page keeps its table rather than a skeleton.
    const status = answered ?? (snapshot.status === 'idle' ? 'loading' : snapshot.status)
    const data = status === 'forbidden' ? null : view.data
    const ids = gone.from === data ? gone.ids : []
    snapshot = {
      status,
      sessions: (data?.sessions ?? []).filter((session) => !ids.includes(session.sessionId)),
      total: data?.total ?? 0,
      deviceLimit: view.data?.deviceLimit ?? null,
      error: answered ? (forbidden ? decisionMessages.adminOnly : (view.failure?.error ?? null)) : snapshot.error,
      fetchedAt: view.dataUpdatedAt,
      isFetching: view.isFetching && listeners.size > 0,
      filter,
      signingOut,
    }
    for (const listener of [...listeners]) listener()
  }

  /** Reads again after the interval once a read settles; never for someone who is not an admin. */
  function schedule(): void {
    unschedule()
    if (listeners.size === 0 || snapshot.isFetching || snapshot.status === 'forbidden') return
    timer = { handle: clock.setTimeout(() => void read(), interval) }
  }

  function unschedule(): void {
    if (timer !== null) clock.clearTimeout(timer.handle)
    timer = null
  }

  async function read(): Promise<AdminSessionsResult> {
    const state = await list.refetch()
    if (state.status === 'success') return { ok: true, sessions: state.data!.sessions }
    const failure = state.failure!
    return { ok: false, error: failure.error, code: failure.code, status: failure.status }
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      if (listeners.size === 1) {
        const stopList = list.subscribe(() => {
          update()
          schedule()
        })
        unfollow = () => {
          stopList()
          unschedule()
        }
        update()
        schedule()
      }
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return
        unfollow?.()
        unfollow = null
        // A read on its way when the last listener leaves is shown to nobody.
        update()
      }
    },
    refresh: read,
    setFilter(patch) {
      filter = { ...filter, ...patch }
      list.setInput(inputOf(filter))
      update()
      return read()
    },
    async signOut(sessionId) {
      signingOut = [...signingOut, sessionId]
      update()
      const answer = await api.call('adminSignOutSession', { params: { sessionId } }, { notify: false })
      signingOut = signingOut.filter((id) => id !== sessionId)
      if (answer.ok) {
        events.emit('notice', { kind: 'success', message: decisionMessages.adminDeviceSignedOut })
        const shown = list.getSnapshot().data
        gone = { from: shown, ids: gone.from === shown ? [...gone.ids, sessionId] : [sessionId] }
        update()
        void deps.queries.load().then((cache) => cache.invalidate('adminSessions'))
        return { ok: true }
      }
      update()
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

function inputOf({ query, watchingOnly }: AdminSessionsFilter) {
  return { query: { ...(query.trim() ? { q: query.trim() } : {}), ...(watchingOnly ? { watching: 'true' } : {}) } }
}
