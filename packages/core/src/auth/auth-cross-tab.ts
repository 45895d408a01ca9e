import type { BroadcastPort } from '../kernel/ports.ts'

/** What one tab tells the others. Never a token: only that someone signed out, and who. */
interface SignedOutMessage {
  type: 'signed-out'
  userId: string | null
}

function isSignedOutMessage(message: unknown): message is SignedOutMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === 'signed-out' &&
    (typeof (message as { userId?: unknown }).userId === 'string' || (message as { userId?: unknown }).userId === null)
  )
}

/** Sign-out in one tab signs the others out (BroadcastChannel in browsers, a hub in memory). */
export interface CrossTabSignOut {
  announce(userId: string | null): void
  close(): void
}

export function crossTabSignOut(
  port: BroadcastPort,
  onSignedOutElsewhere: (userId: string | null) => void,
): CrossTabSignOut {
  const unsubscribe = port.subscribe((message) => {
    if (isSignedOutMessage(message)) onSignedOutElsewhere(message.userId)
  })
  return {
    announce(userId) {
      const message: SignedOutMessage = { type: 'signed-out', userId }
      port.post(message)
    },
    close() {
      unsubscribe()
      port.close()
    },
  }
}
