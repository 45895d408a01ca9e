import type { DeviceListItem } from '@coursekit/core/contract'
import { classifyUserAgent, type UserAgentDescription } from '@coursekit/core/display'
import { counted } from './plural.ts'
import type { Style } from './style.ts'

/** "no devices signed in", or "2 devices signed in:" and the table. */
export function renderDeviceList(
  devices: readonly DeviceListItem[],
  style: Style,
  ownSessionId: string | null = null,
): string {
  if (devices.length === 0) return 'no devices signed in\n'
  return `${counted(devices.length, 'device')} signed in:\n${renderDeviceTable(devices, style, ownSessionId)}`
}

/** The user's devices as a table for people: oldest first, as the server lists them. */
export function renderDeviceTable(
  devices: readonly DeviceListItem[],
  style: Style,
  ownSessionId: string | null = null,
): string {
  const rows = devices.map((item) => {
    const device = item.device
    const userAgent = String(device.userAgent ?? '')
    const ua = classifyUserAgent(userAgent)
    return [
      item.id + (item.id === ownSessionId ? ' (this one)' : ''),
      item.isOldest ? 'oldest' : '',
      describeUserAgent(userAgent, ua),
      shortTime(device.createdAt),
      shortTime(device.lastSeenAt),
      device.isWatchingVideo ? `watching ${String(device.videoId ?? '')}` : '',
    ]
  })
  const header = ['session id', '', 'device', 'since', 'last seen', '']
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return `${[style.bold(line(header)), ...rows.map(line)].join('\n')}\n`
}

/**
 * "Chrome on Windows (desktop)". A client the classifier does not know as a browser (this CLI, a
 * script) is named by its own product token instead of "Other": "coursekit-cli/0.1.0 on Linux".
 */
function describeUserAgent(userAgent: string, ua: UserAgentDescription): string {
  const product = /^[^\s(]+/.exec(userAgent.trim())?.[0]?.slice(0, 40)
  const browser = ua.browser === 'Other' && product ? product : ua.browser
  return ua.os === 'Other' ? `${browser} (${ua.deviceType})` : `${browser} on ${ua.os} (${ua.deviceType})`
}

function shortTime(value: unknown): string {
  if (typeof value !== 'string') return ''
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toISOString().replace('T', ' ').slice(0, 16)
}
