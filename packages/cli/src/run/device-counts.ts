import { endpoints } from '@coursekit/core/contract'

export const HEARTBEAT_LABEL = `${endpoints.heartbeat.method} ${endpoints.heartbeat.path}`

/** What one simulated device sent: its requests, by endpoint when asked, its heartbeats and refreshes. */
export interface DeviceCounts {
  requests: number
  byEndpoint: Map<string, number>
  heartbeatsWatching: number
  heartbeatsIdle: number
  tokenRefreshes: number
}

export function createDeviceCounts(): DeviceCounts {
  return { requests: 0, byEndpoint: new Map(), heartbeatsWatching: 0, heartbeatsIdle: 0, tokenRefreshes: 0 }
}

/**
 * What counts each request a device sends, by its label; made once per device, as it runs on every
 * request of a simulation. Per-endpoint counts only when `byEndpoint` (scenarios' expectations need
 * them; big simulations need not); a heartbeat counts as watching or idle by what the device was
 * doing when it went.
 */
export function requestCounter(
  counts: DeviceCounts,
  options: { byEndpoint: boolean; watching: () => boolean },
): (label: string) => void {
  const { byEndpoint, watching } = options
  return (label) => {
    counts.requests++
    if (byEndpoint) counts.byEndpoint.set(label, (counts.byEndpoint.get(label) ?? 0) + 1)
    if (label === HEARTBEAT_LABEL) {
      if (watching()) counts.heartbeatsWatching++
      else counts.heartbeatsIdle++
    }
  }
}
