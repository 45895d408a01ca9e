import type { LocksPort } from '../../kernel/ports.ts'

export interface TabLeadership {
  /** Gives the lead up (or stops waiting for it); the next waiting tab takes over. */
  release(): void
}

/** The lock that makes one tab of a browser the heartbeat sender of device `sessionId`. */
export function heartbeatLockName(sessionId: string): string {
  return `coursekit.device-heartbeat:${sessionId}`
}

/**
 * Waits for the device's heartbeat lock and calls `onLead` once this tab holds it. Closing the
 * leading tab (or releasing) frees the lock, and the next tab in line leads.
 */
export function seekLeadership(locks: LocksPort, sessionId: string, onLead: () => void): TabLeadership {
  const controller = new AbortController()
  void locks.acquire(heartbeatLockName(sessionId), controller.signal).then(
    (granted) => {
      if (granted && !controller.signal.aborted) onLead()
    },
    () => {},
  )
  return {
    release: () => controller.abort(),
  }
}
