import type { Session } from '@supabase/auth-js'
import type { BroadcastPort } from '../../kernel/ports.ts'

/** The session one tab's refresh brought, told to the other tabs of its browser (same origin only). */
interface RefreshedMessage {
  type: 'refreshed'
  session: Session
}

function isRefreshedMessage(message: unknown): message is RefreshedMessage {
  if (typeof message !== 'object' || message === null) return false
  const { type, session } = message as { type?: unknown; session?: unknown }
  if (type !== 'refreshed' || typeof session !== 'object' || session === null) return false
  const { access_token, refresh_token } = session as { access_token?: unknown; refresh_token?: unknown }
  return typeof access_token === 'string' && typeof refresh_token === 'string'
}

/**
 * The tabs of one browser tell each other each refresh's new session. Storage alone is not enough:
 * with tabs in separate renderer processes, a write to local storage reaches the other tabs later,
 * and on another path than the refresh lock's grant, so a tab granted the lock can still read the
 * spent tokens. The refreshing tab posts before it lets the lock go.
 */
export interface RefreshNews {
  /** Starts hearing the other tabs (idempotent): from when this tab has a session to keep fresh. */
  listen(onHeard: (session: Session) => void): void
  announce(session: Session): void
  /** The latest session another tab announced, or null. */
  heard(): Session | null
  close(): void
}

export function createRefreshNews(open: () => BroadcastPort): RefreshNews {
  let port: BroadcastPort | null = null
  let latest: Session | null = null
  return {
    listen(onHeard) {
      if (port) return
      port = open()
      port.subscribe((message) => {
        if (!isRefreshedMessage(message)) return
        latest = message.session
        onHeard(message.session)
      })
    },
    announce(session) {
      const message: RefreshedMessage = { type: 'refreshed', session }
      port?.post(message)
    },
    heard: () => latest,
    close() {
      port?.close()
      port = null
      latest = null
    },
  }
}
