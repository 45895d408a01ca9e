import { useCallback, useSyncExternalStore } from 'react'
import { useAuthService } from './use-auth.ts'

/**
 * Whole seconds until `email` may be mailed again, after the auth server refused a mail as too soon
 * (0 when it may now, and for no address): re-renders at each second of the countdown, on the
 * client's clock (auth.mailCooldown).
 */
export function useMailCooldown(email: string | null): number {
  const { mailCooldown } = useAuthService()
  const subscribe = useCallback(
    (listener: () => void) => (email ? mailCooldown.subscribe(email, listener) : () => {}),
    [mailCooldown, email],
  )
  const secondsLeft = () => (email ? mailCooldown.secondsLeft(email) : 0)
  return useSyncExternalStore(subscribe, secondsLeft, () => 0)
}
