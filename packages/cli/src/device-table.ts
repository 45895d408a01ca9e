import { classifyUserAgent } from '@coursekit/core'
import type { DeviceListItem } from '@coursekit/core/contract'
import type { Style } from './style.ts'

/** The user's devices as a table for people: oldest first, as the server lists them. */
export function renderDeviceTable(
  devices: readonly DeviceListItem[],
  style: Style,
  ownSessionId: string | null = null,
): string {
  if (devices.length === 0) return `${style.dim('no devices signed in')}\n`
  const rows = devices.map((item) => {
    const device = item.device
    const ua = classifyUserAgent(String(device.userAgent ?? ''))
    return [
      item.id + (item.id === ownSessionId ? ' (this one)' : ''),
      item.isOldest ? 'oldest' : '',
      `${ua.browser} on ${ua.os} (${ua.deviceType})`,
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

function shortTime(value: unknown): string {
  if (typeof value !== 'string') return ''
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toISOString().replace('T', ' ').slice(0, 16)
}
