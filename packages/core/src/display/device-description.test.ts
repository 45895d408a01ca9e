import { describe, expect, it } from 'vitest'
import { DAY, HOUR, MINUTE, SECOND } from '../kernel/time-units.ts'
import { describeDevice, summarizeDevice } from './device-description.ts'
import { koreanRelativeTime } from './korean-relative-time.ts'

const NOW = Date.UTC(2026, 10, 2, 9, 0, 0)

describe('koreanRelativeTime', () => {
  it('reads like Korean UIs do (Intl.RelativeTimeFormat ko, numeric auto)', () => {
    expect(koreanRelativeTime(NOW, NOW)).toBe('지금')
    expect(koreanRelativeTime(NOW - 30 * SECOND, NOW)).toBe('30초 전')
    expect(koreanRelativeTime(NOW - 5 * MINUTE, NOW)).toBe('5분 전')
    expect(koreanRelativeTime(NOW - 3 * HOUR, NOW)).toBe('3시간 전')
    expect(koreanRelativeTime(NOW - DAY, NOW)).toBe('어제')
    expect(koreanRelativeTime(NOW - 3 * DAY, NOW)).toBe('3일 전')
    expect(koreanRelativeTime(NOW - 14 * DAY, NOW)).toBe('2주 전')
    expect(koreanRelativeTime(NOW - 40 * DAY, NOW)).toBe('지난달')
    expect(koreanRelativeTime(NOW - 400 * DAY, NOW)).toBe('작년')
    expect(koreanRelativeTime(NOW + 5 * MINUTE, NOW)).toBe('5분 후')
  })
})

describe('describeDevice', () => {
  const device = {
    sessionId: 'u_1',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; SM-S928N Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36;KAKAOTALK 2410410',
    createdAt: new Date(NOW - DAY).toISOString(),
    lastSeenAt: new Date(NOW - 90 * SECOND).toISOString(),
    isWatchingVideo: true,
    videoId: 'lesson-1',
  }

  it('names the browser and OS with the core’s classifier (the KakaoTalk in-app browser included)', () => {
    expect(describeDevice(device, NOW)).toMatchObject({
      browser: 'KakaoTalk',
      os: 'Android',
      deviceType: 'mobile',
      name: 'KakaoTalk · Android',
      lastSeen: '1분 전',
      isWatchingVideo: true,
    })
  })

  it('names the LINE in-app browser and an iPad’s iPadOS', () => {
    const line =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/15.12.1'
    expect(describeDevice({ ...device, userAgent: line }, NOW)).toMatchObject({
      browser: 'LINE',
      os: 'iOS',
      deviceType: 'mobile',
      name: 'LINE · iOS',
    })
    const iPad =
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
    expect(describeDevice({ ...device, userAgent: iPad }, NOW)).toMatchObject({
      os: 'iPadOS',
      deviceType: 'tablet',
      name: 'Safari · iPadOS',
    })
  })

  it('names the desktop wrapper as the app with its OS, not as the Safari or Edge of its webview', () => {
    const linux =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/60.5 Safari/605.1.15 CoursekitDesktop/0.1.0'
    expect(describeDevice({ ...device, userAgent: linux }, NOW)).toMatchObject({
      browser: '코스킷 데스크톱 앱',
      os: 'Linux',
      deviceType: 'desktop',
      name: '코스킷 데스크톱 앱 · Linux',
    })
    const windows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0 CoursekitDesktop/0.1.0'
    expect(describeDevice({ ...device, userAgent: windows }, NOW).name).toBe('코스킷 데스크톱 앱 · Windows')
  })

  it('an unknown user agent and a malformed time stay readable', () => {
    expect(describeDevice({ ...device, userAgent: 'curl/8.0', lastSeenAt: 'yesterday' }, NOW)).toMatchObject({
      name: 'Other · Other',
      lastSeen: 'yesterday',
    })
  })

  it('summarizes a list item: oldest, and whether it is this device', () => {
    const item = { id: 'u_1', isOldest: true, device }
    expect(summarizeDevice(item, NOW, 'u_1')).toMatchObject({ id: 'u_1', isOldest: true, isCurrent: true })
    expect(summarizeDevice(item, NOW, 'u_2').isCurrent).toBe(false)
    expect(summarizeDevice(item, NOW, null).isCurrent).toBe(false)
  })
})
