/** The parts of `window.history` the browser platform listens to. */
export interface HistoryLike {
  pushState(data: unknown, unused: string, url?: string | URL | null): void
  replaceState(data: unknown, unused: string, url?: string | URL | null): void
}

/** The Navigation API's event target (Chromium; newer Safari and Firefox). */
export interface NavigationLike {
  addEventListener(type: 'currententrychange', listener: () => void): void
  removeEventListener(type: 'currententrychange', listener: () => void): void
}

export interface HistoryWindowLike {
  readonly history?: HistoryLike
  readonly navigation?: NavigationLike
  addEventListener(type: string, listener: () => void): void
  removeEventListener(type: string, listener: () => void): void
}

/** Where the listeners of a wrapped history live: on the history object itself, one set per page. */
const HISTORY_LISTENERS = Symbol.for('coursekit.historyListeners')

type WrappedHistory = HistoryLike & { [HISTORY_LISTENERS]?: Set<() => void> }

/**
 * Calls `listener` after the page's URL changed without a page load; returns the unsubscribe
 * function. The Navigation API's `currententrychange` reports every such change (pushState,
 * replaceState, back and forward). Without it, `popstate` reports back and forward, and pushState /
 * replaceState, which fire no event, are wrapped: once per page, shared by every client on it, the
 * wrapper calling the browser's method first and then the listeners. The wrapper stays when the
 * last listener leaves (another script may have wrapped it since), doing nothing more.
 */
export function listenToHistory(win: HistoryWindowLike, listener: () => void): () => void {
  const navigation = win.navigation
  if (navigation && typeof navigation.addEventListener === 'function') {
    navigation.addEventListener('currententrychange', listener)
    return () => navigation.removeEventListener('currententrychange', listener)
  }
  win.addEventListener('popstate', listener)
  const listeners = win.history ? historyListeners(win.history as WrappedHistory) : null
  listeners?.add(listener)
  return () => {
    win.removeEventListener('popstate', listener)
    listeners?.delete(listener)
  }
}

function historyListeners(history: WrappedHistory): Set<() => void> {
  const existing = history[HISTORY_LISTENERS]
  if (existing) return existing
  const listeners = new Set<() => void>()
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = history[name]
    if (typeof original !== 'function') continue
    history[name] = function (this: HistoryLike, ...args: Parameters<HistoryLike['pushState']>) {
      original.apply(this, args)
      for (const each of [...listeners]) {
        try {
          each()
        } catch {
          // A listener's failure must not break the app's navigation.
        }
      }
    }
  }
  Object.defineProperty(history, HISTORY_LISTENERS, { value: listeners })
  return listeners
}
