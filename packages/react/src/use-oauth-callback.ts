import type { OAuthCallbackResult } from '@coursekit/core'
import { useEffect, useRef, useState } from 'react'
import { useAuthService } from './use-auth.ts'

export interface OAuthCallbackView {
  /** `pending` until the core has an outcome; then the outcome's status. */
  status: 'idle' | 'pending' | OAuthCallbackResult['status']
  /** The outcome: signed-in (and where the app is going), verification-required, account-conflict, error. */
  result: OAuthCallbackResult | null
}

/**
 * For the /auth/callback page: runs `auth.handleOAuthCallback()` once when mounted (a second
 * effect under StrictMode shares the first run) and tells how it went. The core navigates
 * afterwards (to the target after 1 s, or back to sign-in).
 */
export function useOAuthCallback(options: { enabled?: boolean } = {}): OAuthCallbackView {
  const auth = useAuthService()
  const enabled = options.enabled ?? true
  const run = useRef<Promise<OAuthCallbackResult> | null>(null)
  const [result, setResult] = useState<OAuthCallbackResult | null>(null)

  useEffect(() => {
    if (!enabled) return
    run.current ??= auth.handleOAuthCallback()
    let current = true
    void run.current.then((outcome) => {
      if (current) setResult(outcome)
    })
    return () => {
      current = false
    }
  }, [auth, enabled])

  return { status: result ? result.status : enabled ? 'pending' : 'idle', result }
}
