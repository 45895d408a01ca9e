import type { DeviceType } from '../contract/analytics.ts'

/**
 * Browser, OS and device type from a user-agent string, for visit analytics. This is the one
 * file to swap for a library: the service only calls `classifyUserAgent`.
 *
 * Why not bowser (MIT): it is about 6.7 KB gzip (2.14, esbuild minified), knows neither the
 * KakaoTalk nor the NAVER in-app browser (the two that matter most for Korean traffic), and reads
 * an iPad in desktop mode as a Mac. These few rules cover the corpus in
 * fixtures/user-agent-corpus.json at about a tenth of the size. ua-parser-js 2 is AGPL: not usable.
 *
 * The string alone, not User-Agent Client Hints: the devices described are mostly other devices,
 * known only by the User-Agent the server kept, and a reduced User-Agent still carries the brand
 * tokens (Edg/, Whale/, SamsungBrowser/, KAKAOTALK) these rules read.
 */
export interface UserAgentHints {
  /**
   * `navigator.maxTouchPoints`, when the host can read it. iPadOS (13+) asks for desktop sites by
   * default and then sends exactly the Mac Safari user agent; no Mac has a touch screen, so touch
   * points above 1 tell the two apart (iPadOS, tablet). Without it, such an iPad counts as a Mac.
   */
  maxTouchPoints?: number
}

export interface UserAgentDescription {
  browser: string
  os: string
  deviceType: DeviceType
}

const UNKNOWN = 'Other'

/**
 * First match wins, so the order matters: in-app browsers before the engines they embed, and the
 * Chromium brands (Whale, Samsung Internet, Edge, Opera) before Chrome, whose token they all carry.
 */
const BROWSERS: readonly (readonly [name: string, pattern: RegExp])[] = [
  // The desktop app (its webview is WebKit or WebView2) names itself with the token of
  // platform/desktop-user-agent.ts, written here again so a browser's first load need not carry that
  // module (desktop-platform.test.ts holds the two together).
  ['코스킷 데스크톱 앱', /\bCoursekitDesktop\b/],
  ['KakaoTalk', /KAKAOTALK/i],
  ['NAVER', /NAVER\(inapp/],
  // iOS: "Safari Line/15.12.1", Android: "Line/13.12.0/IAB"; a LINE mini app adds " LIFF".
  ['LINE', /\bLine\/\d/],
  ['Instagram', /\bInstagram\b/],
  ['Facebook', /\bFB(?:AN|AV|_IAB)\//],
  ['Whale', /\bWhale\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Edge', /\bEdg(?:e|A|iOS)?\//],
  ['Opera', /\bOPR\/|\bOPiOS\/|\bOpera\b/],
  ['Firefox', /\bFirefox\/|\bFxiOS\//],
  ['Internet Explorer', /\bTrident\/|\bMSIE /],
  ['Google', /\bGSA\//],
  ['Chrome', /\bCriOS\//],
  // An Android app's embedded Chromium ("; wv)"), once the apps above are ruled out.
  ['WebView', /; wv\)/],
  // Headless Chrome (automation, and the packaged Chromium the browser tests run) is Chrome's engine
  // and brand; its token has no word boundary before "Chrome".
  ['Chrome', /\b(?:Headless)?Chrom(?:e|ium)\//],
  ['Safari', /\bVersion\/[\d.]+ (?:Mobile\/\w+ )?Safari\//],
  // An Apple app's embedded WebKit: no Safari token at all.
  ['WebView', /\b(?:iPhone|iPad|iPod|Macintosh)\b(?!.*\bSafari\/).*AppleWebKit\//],
]

/** Browsers that exist only on iOS/iPadOS; on a "Macintosh" user agent they mean an iPad in desktop mode. */
const IOS_ONLY_BROWSER = /\b(?:CriOS|FxiOS|EdgiOS|OPiOS)\//

export function classifyUserAgent(userAgent: string, hints: UserAgentHints = {}): UserAgentDescription {
  const ua = userAgent
  const browser = BROWSERS.find(([, pattern]) => pattern.test(ua))?.[0] ?? UNKNOWN
  const mac = /\bMacintosh\b|\bMac OS X\b/.test(ua)
  const iPadInDesktopMode =
    mac && !/\b(?:iPhone|iPad|iPod)\b/.test(ua) && ((hints.maxTouchPoints ?? 0) > 1 || IOS_ONLY_BROWSER.test(ua))

  if (/\b(?:iPhone|iPod)\b/.test(ua) && !/\biPad\b/.test(ua)) return { browser, os: 'iOS', deviceType: 'mobile' }
  if (/\biPad\b/.test(ua) || iPadInDesktopMode) return { browser, os: iPadOs(ua), deviceType: 'tablet' }
  // Android phones say "Mobile" (Firefox: "Mobile;"); tablets, and foldables unfolded, leave it out.
  if (/\bAndroid\b/.test(ua)) return { browser, os: 'Android', deviceType: /\bMobile\b/.test(ua) ? 'mobile' : 'tablet' }
  const os = /\bCrOS\b/.test(ua)
    ? 'Chrome OS'
    : /\bWindows\b/.test(ua)
      ? 'Windows'
      : mac
        ? 'macOS'
        : /\bLinux\b|\bX11\b/.test(ua)
          ? 'Linux'
          : UNKNOWN
  return { browser, os, deviceType: os === UNKNOWN && /\bMobi/.test(ua) ? 'mobile' : 'desktop' }
}

/**
 * Apple calls the iPad's OS iPadOS since version 13 (2019); an iPad's user agent that states an
 * older version ran iOS. Desktop mode came with iPadOS, and its Mac user agent states no iPad version.
 */
function iPadOs(ua: string): 'iPadOS' | 'iOS' {
  const version = /\bCPU OS (\d+)_/.exec(ua)
  return version !== null && Number(version[1]) < 13 ? 'iOS' : 'iPadOS'
}
