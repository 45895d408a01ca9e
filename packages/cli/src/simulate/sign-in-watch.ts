import type { RunEvent } from '../run/events.ts'

/** Sign-ins that fail one after another, none having worked, before a run gives up. */
export const GIVE_UP_AFTER_FAILURES = 10

/**
 * Whether a run can still get anywhere: once no device has signed in and every user has been
 * refused (each user's devices share a password), or every device has failed, or sign-ins keep
 * failing in a row, nothing more will happen; a run on a deployment would otherwise sit out its
 * whole duration. A sign-in that works anywhere keeps the run going: some accounts may be wrong.
 */
export interface SignInWatch {
  observe(event: RunEvent): void
  /** Why the run of these devices should stop, or null while it may still work. Checked once per window, not per request. */
  hopeless(devices: number): string | null
}

export function createSignInWatch(part: { users: number }): SignInWatch {
  let signedIn = 0
  let failed = 0
  let inARow = 0
  let lastMessage: string | null = null
  const refusedUsers = new Set<string>()
  return {
    observe(event) {
      if (event.event === 'signedIn') {
        signedIn++
        inARow = 0
      } else if (event.event === 'signInFailed') {
        failed++
        inARow++
        refusedUsers.add(event.user)
        lastMessage = typeof event.message === 'string' ? event.message : String(event.status)
      }
    },
    hopeless(devices) {
      if (signedIn > 0 || failed === 0) return null
      const everyUser = refusedUsers.size >= part.users
      const everyDevice = failed >= devices
      if (!everyUser && !everyDevice && inARow < GIVE_UP_AFTER_FAILURES) return null
      const why = everyDevice
        ? failed === 1
          ? 'its one device failed to sign in'
          : `all ${failed} devices failed to sign in`
        : everyUser
          ? `every user was refused (${failed === 1 ? '1 sign-in' : `${failed} sign-ins`} failed)`
          : `${inARow} sign-ins failed in a row`
      return `no device could sign in: ${why}; last: ${lastMessage ?? 'unknown'}`
    },
  }
}
