import type { ServerStateHint } from '../contract/session-tracker.ts'
import { SERVER_STATE_HINT_TTL_MS } from '../kernel/constants.ts'

/** Whether a hint received at `receivedAt` may still be trusted at `now` (spec section 9: 30 s). */
export function isHintFresh(receivedAt: number | null, now: number): boolean {
  return receivedAt !== null && now - receivedAt < SERVER_STATE_HINT_TTL_MS
}

/**
 * Whether a hint shows that this device's watch was ended by someone else (another device's
 * terminate-others). Only a hint from a request sent after this tab's last own watch change can say
 * so: an older one may describe the state before that change.
 */
export function watchEndedElsewhere(
  hint: ServerStateHint,
  hintSentAt: number,
  local: { isWatchingVideo: boolean; watchChangedAt: number | null },
): boolean {
  if (!local.isWatchingVideo || hint.isWatchingVideo) return false
  return local.watchChangedAt === null || hintSentAt > local.watchChangedAt
}
