import type { BroadcastPort } from '../kernel/ports.ts'

/**
 * What one tab tells the others. Never a token: only that someone signed out, who, and which auth
 * session the tab ended on the server (its id, a claim of the token, not a secret).
 */
interface SignedOutMessage {
  type: 'signed-out'
  userId: string | null
  sessionId: unknown
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
  announce(userId: string | null, sessionId: unknown): void
  close(): void
}

export function crossTabSignOut(
  port: BroadcastPort,
  onSignedOutElsewhere: (userId: string | null, sessionId: unknown) => void,
): CrossTabSignOut {
  const unsubscribe = port.subscribe((message) => {
    // The session id is only ever compared with one read from a token: anything else matches nothing.
    if (isSignedOutMessage(message)) onSignedOutElsewhere(message.userId, message.sessionId)
  })
  return {
    announce(userId, sessionId) {
      const message: SignedOutMessage = { type: 'signed-out', userId, sessionId }
      port.post(message)
    },
    close() {
      unsubscribe()
      port.close()
    },
  }
}
