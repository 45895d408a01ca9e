/*
 * The desktop wrapper's user agent (part of the command contract in desktop-proxy.ts), apart so the
 * user-agent classifier can read it without loading the proxy.
 */

/**
 * The product token in the wrapper's user agent: the webview's own user agent followed by
 * ` CoursekitDesktop/<app version>`, e.g. `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15
 * (KHTML, like Gecko) CoursekitDesktop/0.1.0`. The wrapper sets its webview's user agent to it (so
 * `navigator.userAgent` says it too), and every proxied request carries it, so device lists name the
 * device "코스킷 데스크톱 앱" with its OS, not the engine's browser.
 */
export const DESKTOP_USER_AGENT_TOKEN = 'CoursekitDesktop'

/** The desktop token in a user agent, with or without its version. */
export const DESKTOP_USER_AGENT_PATTERN = /\bCoursekitDesktop\b/

/** What device lists call the wrapper, in place of a browser's name. */
export const DESKTOP_APP_NAME = '코스킷 데스크톱 앱'

/** The wrapper's user agent: the webview's, with the desktop token added unless it has one. */
export function desktopUserAgent(webviewUserAgent: string, appVersion?: string): string {
  if (DESKTOP_USER_AGENT_PATTERN.test(webviewUserAgent)) return webviewUserAgent
  const product = appVersion ? `${DESKTOP_USER_AGENT_TOKEN}/${appVersion}` : DESKTOP_USER_AGENT_TOKEN
  return webviewUserAgent === '' ? product : `${webviewUserAgent} ${product}`
}
