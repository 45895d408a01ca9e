import type { OAuthCallbackResult } from '../auth-command-results.ts'
import type { AuthService } from '../auth-service.ts'
import { createFlowStore } from './flow-store.ts'

/** The /auth/callback page as a UI shows it. A new object whenever anything in it changes. */
export interface OAuthCallbackSnapshot {
  /** `idle` until run, `pending` until the core has an outcome; then the outcome's status. */
  status: 'idle' | 'pending' | OAuthCallbackResult['status']
  /** The outcome: signed-in (and where the app is going), verification-required, account-conflict, error. */
  result: OAuthCallbackResult | null
}

/**
 * The /auth/callback page's flow: `run()` handles the callback once (`auth.handleOAuthCallback()`;
 * a second run shares the first) and the snapshot tells how it went. The core navigates
 * afterwards (to the target after 1 s, or back to sign-in).
 */
export interface OAuthCallbackFlow {
  getSnapshot(): OAuthCallbackSnapshot
  subscribe(listener: () => void): () => void
  run(): Promise<OAuthCallbackResult>
}

export function createOAuthCallbackFlow(auth: AuthService): OAuthCallbackFlow {
  const state = createFlowStore<OAuthCallbackSnapshot>({ status: 'idle', result: null })
  let running: Promise<OAuthCallbackResult> | null = null
  return {
    getSnapshot: state.getSnapshot,
    subscribe: state.subscribe,
    run() {
      if (running) return running
      state.set({ status: 'pending' })
      running = auth.handleOAuthCallback().then((result) => {
        state.set({ status: result.status, result })
        return result
      })
      return running
    },
  }
}
