import { createOAuthCallbackFlow, type OAuthCallbackSnapshot } from '@coursekit/core/flows'
import { useEffect, useMemo } from 'react'
import { useAuthService } from './use-auth.ts'
import { useFlowSnapshot } from './use-flow.ts'

export type OAuthCallbackView = OAuthCallbackSnapshot

/**
 * For the /auth/callback page (the core's OAuth callback flow): handles the callback once when
 * mounted and enabled (a second effect under StrictMode shares the first run) and tells how it
 * went; `pending` from the first render on. The core navigates afterwards.
 */
export function useOAuthCallback(options: { enabled?: boolean } = {}): OAuthCallbackView {
  const auth = useAuthService()
  const enabled = options.enabled ?? true
  const flow = useMemo(() => createOAuthCallbackFlow(auth), [auth])
  useEffect(() => {
    if (enabled) void flow.run()
  }, [flow, enabled])
  const snapshot = useFlowSnapshot(flow)
  // Before the effect runs the flow is idle; an enabled page is already waiting for it.
  return snapshot.status === 'idle' && enabled ? pending : snapshot
}

const pending: OAuthCallbackView = Object.freeze({ status: 'pending', result: null })
