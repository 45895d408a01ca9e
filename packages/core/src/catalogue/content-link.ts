import { localTargetPath } from '../auth/flows/redirect-target.ts'

/**
 * Where a link that arrived in content (a banner's `linkUrl`) may go: a page of the app, opened in
 * place; a deliberate external page (an absolute `http:`/`https:` address), opened in a new tab
 * that gets no handle on the app and no referrer; or nowhere, when it is anything else.
 */
export type ContentLink = { kind: 'app'; path: string } | { kind: 'external'; href: string } | { kind: 'none' }

/** Written out in full: no leading space or control character, no backslash anywhere. */
const PLAIN_EXTERNAL = /^https?:\/\/[^\s\\/?#@]+(?:[/?#][^\s\\]*)?$/i

/**
 * Sorts `raw` by the app's one rule for targets from outside (`localTargetPath`, the rule for
 * `?redirect=`): a path it accepts is the app's; an absolute http(s) address is external unless it
 * is on `origin`, where it is a path like any other; protocol-relative (`//host`), backslash
 * (`/\host`), `javascript:`, `data:` and everything else is no link. An address with credentials
 * (`https://app@evil.example`) is no link either: it reads as the app and is not.
 */
export function contentLink(raw: unknown, origin: string): ContentLink {
  if (typeof raw !== 'string' || raw === '') return { kind: 'none' }
  const path = localTargetPath(raw, origin)
  if (path !== null) return { kind: 'app', path }
  if (!PLAIN_EXTERNAL.test(raw)) return { kind: 'none' }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { kind: 'none' }
  }
  if (url.username !== '' || url.password !== '') return { kind: 'none' }
  if (url.origin === new URL(origin).origin) {
    const local = localTargetPath(`${url.pathname}${url.search}${url.hash}`, origin)
    return local === null ? { kind: 'none' } : { kind: 'app', path: local }
  }
  return { kind: 'external', href: url.href }
}
