import * as z from 'zod/mini'
import { RevocationReason, ServerStateHint } from '../../contract/session-tracker.ts'
import type { BroadcastPort } from '../../kernel/ports.ts'

/** The broadcast channel the tabs of one browser use to act as one device. */
export const DEVICE_TAB_CHANNEL = 'coursekit.devices'

/**
 * What tabs tell each other about their shared device (one `session_id` in local storage):
 * - `contact`: a request that renews the lease went out at `at` (a heartbeat when `heartbeat`), so
 *   the leading tab defers its next heartbeat;
 * - `watch`: this tab now watches `videoId` (null: stopped, or the tab is going away), so the leader
 *   keeps the watching rhythm while any tab plays;
 * - `query`: a new tab asks the others to repeat their `watch`;
 * - `server-state`: the server's hint from a request sent at `sentAt`;
 * - `evicted`: the server signed the device out; every tab ends its session state;
 * - `ended`: a tab ended the session (logout), so the others need not send `end` again.
 */
export const DeviceTabMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('contact'), sessionId: z.string(), at: z.number(), heartbeat: z.boolean() }),
  z.object({ type: z.literal('watch'), sessionId: z.string(), tabId: z.string(), videoId: z.nullable(z.string()) }),
  z.object({ type: z.literal('query'), sessionId: z.string(), tabId: z.string() }),
  z.object({ type: z.literal('server-state'), sessionId: z.string(), sentAt: z.number(), state: ServerStateHint }),
  z.object({
    type: z.literal('evicted'),
    sessionId: z.string(),
    reason: RevocationReason,
    message: z.string(),
    // Optional: a tab of an older version of the app leaves it out.
    byThisDevice: z.optional(z.boolean()),
  }),
  z.object({ type: z.literal('ended'), sessionId: z.string() }),
])
export type DeviceTabMessage = z.infer<typeof DeviceTabMessage>

export interface DeviceTabChannel {
  post(message: DeviceTabMessage): void
  close(): void
}

/**
 * Opens the channel; `onMessage` gets only messages that fit the schema (another tab may run an
 * older version of the app).
 */
export function openDeviceTabChannel(
  broadcast: (channel: string) => BroadcastPort,
  onMessage: (message: DeviceTabMessage) => void,
): DeviceTabChannel {
  const port = broadcast(DEVICE_TAB_CHANNEL)
  const unsubscribe = port.subscribe((raw) => {
    const parsed = DeviceTabMessage.safeParse(raw)
    if (parsed.success) onMessage(parsed.data)
  })
  let closed = false
  return {
    post(message) {
      if (!closed) port.post(message)
    },
    close() {
      if (closed) return
      closed = true
      unsubscribe()
      port.close()
    },
  }
}
