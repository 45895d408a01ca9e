import type { DeviceListItem } from '@coursekit/core/contract'
import { describe, expect, it } from 'vitest'
import { renderDeviceTable } from './device-table.ts'
import { createStyle } from './style.ts'

const LINE_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-N986N Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/115.0.5790.166 Mobile Safari/537.36 Line/13.12.0/IAB'
const SAFARI_ON_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

function item(id: string, userAgent: string, isOldest = false): DeviceListItem {
  return {
    id,
    isOldest,
    device: {
      sessionId: id,
      userAgent,
      createdAt: '2026-11-01T09:00:00.000Z',
      lastSeenAt: '2026-11-02T09:30:00.000Z',
      isWatchingVideo: false,
      videoId: null,
    },
  }
}

describe('renderDeviceTable', () => {
  it('names each device by browser, OS and kind: the LINE in-app browser and iPadOS included', () => {
    const table = renderDeviceTable(
      [item('u_1', LINE_ON_ANDROID, true), item('u_2', SAFARI_ON_IPAD)],
      createStyle(false),
    )
    const [header, line, iPad] = table.trimEnd().split('\n')
    expect(header).toMatch(/^session id\s+device\s+since\s+last seen$/)
    expect(line).toMatch(/^u_1\s+oldest\s+LINE on Android \(mobile\)\s+2026-11-01 09:00\s+2026-11-02 09:30$/)
    expect(iPad).toMatch(/^u_2\s+Safari on iPadOS \(tablet\)\s+2026-11-01 09:00\s+2026-11-02 09:30$/)
  })

  it('names a client that is no browser by its product token, not "Other on Other"', () => {
    const table = renderDeviceTable(
      [item('u_1', 'coursekit-cli/0.1.0 (X11; Linux x86_64) Node.js/24.21.0'), item('u_2', 'curl/8.5.0')],
      createStyle(false),
    )
    const [, cli, curl] = table.trimEnd().split('\n')
    expect(cli).toMatch(/^u_1\s+coursekit-cli\/0\.1\.0 on Linux \(desktop\)\s/)
    expect(curl).toMatch(/^u_2\s+curl\/8\.5\.0 \(desktop\)\s/)
  })
})
