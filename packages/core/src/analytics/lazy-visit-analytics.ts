import { createEmitter } from '../kernel/emitter.ts'
import { createStore } from '../kernel/store.ts'
import type { VisitAnalytics, VisitAnalyticsEvents, VisitAnalyticsState } from './analytics-public-types.ts'
import type { VisitAnalyticsOptions } from './analytics-service.ts'
import { initialVisitState } from './analytics-state.ts'

/**
 * `client.analytics` as an app's first paint has it: the state and events at once, the service
 * (analytics-service.ts) a chunk loaded when the client starts, which runs after the first paint.
 * Commands before it arrives wait for it; opted out, nothing is loaded at all. A chunk that does not
 * arrive is a visit that could not be recorded: `failed`, as any other, and never the app's problem.
 */
export function createLazyVisitAnalytics(options: VisitAnalyticsOptions): VisitAnalytics {
  const enabled = options.enabled ?? true
  const store = createStore<VisitAnalyticsState>(initialVisitState(enabled))
  const events = createEmitter<VisitAnalyticsEvents>()
  let service: VisitAnalytics | null = null
  let loading: Promise<VisitAnalytics | null> | null = null
  let disposed = false

  const load = (): Promise<VisitAnalytics | null> => {
    loading ??= import('./analytics-service.ts').then(
      ({ createVisitAnalytics }) => {
        if (disposed) return null
        service = createVisitAnalytics({ ...options, store, events })
        return service
      },
      (error: unknown) => {
        if (disposed) return null
        const message = error instanceof Error ? error.message : String(error)
        store.setState({ status: 'failed', lastError: message })
        events.emit('failed', { operation: 'trackVisit', error: message, status: 0 })
        return null
      },
    )
    return loading
  }
  const unloaded = () => (disposed ? 'disposed' : 'failed')

  return {
    store,
    events,
    start() {
      if (enabled) void load().then((loaded) => loaded?.start())
    },
    async trackConversion(conversionType) {
      if (!enabled) return 'disabled'
      const loaded = await load()
      return loaded ? loaded.trackConversion(conversionType) : unloaded()
    },
    async trackSignup(userId) {
      if (!enabled) return 'disabled'
      const loaded = await load()
      return loaded ? loaded.trackSignup(userId) : unloaded()
    },
    endVisit() {
      service?.endVisit()
    },
    dispose() {
      if (disposed) return
      disposed = true
      if (service) {
        service.dispose()
        return
      }
      store.setState({ status: 'disposed' })
      events.all.clear()
    },
  }
}
