import type { BackendContext } from '../context.ts'

/**
 * Deletes the refused auth user holding an address (UserStore.releaseRefused) and ends its sessions,
 * as GoTrue's admin delete does: its access tokens stop working on /auth/v1 and the platform API.
 */
export function releaseRefusedAddress(ctx: BackendContext, email: string): void {
  const released = ctx.users.releaseRefused(email)
  if (released !== null) ctx.authSessions.signOut(released, null, 'global')
}
