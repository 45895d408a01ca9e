import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { classifyUserAgent, type UserAgentDescription } from './user-agent-classifier.ts'

interface CorpusEntry {
  ua: string
  expected: UserAgentDescription
  maxTouchPoints?: number
  note?: string
}

const corpus: CorpusEntry[] = JSON.parse(
  readFileSync(new URL('../../fixtures/user-agent-corpus.json', import.meta.url), 'utf8'),
).entries

describe('user-agent classifier: the corpus of real user agents', () => {
  it('has at least 50 strings covering every kind the analytics must tell apart', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(50)
    const seen = (browser: string, os: string, deviceType: string) =>
      corpus.some(
        ({ expected }) => expected.browser === browser && expected.os === os && expected.deviceType === deviceType,
      )
    for (const browser of ['Chrome', 'Edge', 'Firefox', 'Safari', 'Whale']) {
      expect(corpus.some(({ expected }) => expected.browser === browser && expected.deviceType === 'desktop')).toBe(
        true,
      )
    }
    expect(seen('Safari', 'iOS', 'mobile')).toBe(true)
    expect(seen('Safari', 'iPadOS', 'tablet')).toBe(true)
    expect(corpus.some((entry) => entry.ua.includes('Macintosh') && entry.expected.deviceType === 'tablet')).toBe(true)
    expect(seen('Chrome', 'Android', 'mobile')).toBe(true)
    expect(seen('Chrome', 'Android', 'tablet')).toBe(true)
    expect(seen('Samsung Internet', 'Android', 'mobile')).toBe(true)
    expect(seen('KakaoTalk', 'iOS', 'mobile') && seen('KakaoTalk', 'Android', 'mobile')).toBe(true)
    expect(seen('NAVER', 'iOS', 'mobile') && seen('NAVER', 'Android', 'mobile')).toBe(true)
    expect(seen('LINE', 'iOS', 'mobile') && seen('LINE', 'Android', 'mobile')).toBe(true)
    for (const os of ['Linux', 'macOS', 'Windows']) expect(seen('코스킷 데스크톱 앱', os, 'desktop')).toBe(true)
  })

  it.each(corpus.map((entry) => [entry.note ?? entry.ua, entry] as const))('%s', (_, entry) => {
    const hints = entry.maxTouchPoints === undefined ? {} : { maxTouchPoints: entry.maxTouchPoints }
    expect(classifyUserAgent(entry.ua, hints)).toEqual(entry.expected)
  })
})

describe('user-agent classifier: edges', () => {
  const macSafari =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15'

  it('tells an iPad in desktop mode from a Mac only by touch points above 1', () => {
    expect(classifyUserAgent(macSafari, { maxTouchPoints: 5 })).toMatchObject({ os: 'iPadOS', deviceType: 'tablet' })
    expect(classifyUserAgent(macSafari, { maxTouchPoints: 1 })).toMatchObject({ os: 'macOS', deviceType: 'desktop' })
    expect(classifyUserAgent(macSafari, { maxTouchPoints: 0 })).toMatchObject({ os: 'macOS', deviceType: 'desktop' })
    expect(classifyUserAgent(macSafari)).toMatchObject({ os: 'macOS', deviceType: 'desktop' })
  })

  it('names the OS of an iPad iPadOS from version 13 (2019) on, and iOS before', () => {
    const iPad = (version: string) =>
      `Mozilla/5.0 (iPad; CPU OS ${version} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1`
    expect(classifyUserAgent(iPad('12_5_7'))).toMatchObject({ os: 'iOS', deviceType: 'tablet' })
    expect(classifyUserAgent(iPad('13_0'))).toMatchObject({ os: 'iPadOS', deviceType: 'tablet' })
    expect(classifyUserAgent(iPad('18_1'))).toMatchObject({ os: 'iPadOS', deviceType: 'tablet' })
    const noVersion = 'Mozilla/5.0 (iPad) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
    expect(classifyUserAgent(noVersion)).toMatchObject({ os: 'iPadOS', deviceType: 'tablet' })
    // Desktop mode, which only iPadOS has: an iOS-only browser on a Mac user agent.
    const fxiOSDesktop =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/21.0 Version/13.0.3 Safari/605.1.15'
    expect(classifyUserAgent(fxiOSDesktop)).toMatchObject({ os: 'iPadOS', deviceType: 'tablet' })
  })

  it('names the LINE in-app browser on an iPad too, and no word "line" elsewhere', () => {
    const lineOnIPad =
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.9.0'
    expect(classifyUserAgent(lineOnIPad)).toEqual({ browser: 'LINE', os: 'iPadOS', deviceType: 'tablet' })
    const pipeline =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Pipeline/2.0'
    expect(classifyUserAgent(pipeline).browser).toBe('Chrome')
  })

  it('reads headless Chrome (the packaged Chromium of the browser tests) as Chrome, beside the browsers it is not', () => {
    const real: [ua: string, browser: string, os: string, deviceType: string][] = [
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/153.0.8010.0 Safari/537.36',
        'Chrome',
        'Linux',
        'desktop',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Chrome',
        'Windows',
        'desktop',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67',
        'Edge',
        'Windows',
        'desktop',
      ],
      [
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
        'Samsung Internet',
        'Android',
        'mobile',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Whale/4.35.351.16 Safari/537.36',
        'Whale',
        'Windows',
        'desktop',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.4.5',
        'KakaoTalk',
        'iOS',
        'mobile',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        'Safari',
        'iOS',
        'mobile',
      ],
      ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox', 'Linux', 'desktop'],
    ]
    for (const [ua, browser, os, deviceType] of real) {
      expect(classifyUserAgent(ua), ua).toEqual({ browser, os, deviceType })
    }
  })

  it('does not let touch points turn a Windows or Android device into an iPad', () => {
    const windows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
    expect(classifyUserAgent(windows, { maxTouchPoints: 10 })).toEqual({
      browser: 'Chrome',
      os: 'Windows',
      deviceType: 'desktop',
    })
  })

  it('reads what is not a browser (the CLI, Node, an empty header) as Other on a desktop', () => {
    for (const ua of ['', 'coursekit-cli/1.0', 'node', 'coursekit-memory-platform']) {
      expect(classifyUserAgent(ua)).toEqual({ browser: 'Other', os: 'Other', deviceType: 'desktop' })
    }
  })

  it('answers names short enough for the contract (128 characters)', () => {
    for (const { ua, maxTouchPoints } of corpus) {
      const { browser, os } = classifyUserAgent(ua, { maxTouchPoints })
      expect(browser.length).toBeLessThanOrEqual(128)
      expect(os.length).toBeLessThanOrEqual(128)
    }
  })
})
