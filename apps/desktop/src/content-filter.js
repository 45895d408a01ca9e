// What the page may load by itself. The API and auth servers must be reached only through the
// native `proxy` command, so the page's own network requests for data are blocked by a content filter
// (WebKit's Safari content-blocker rules, compiled once by WebKit2.UserContentFilterStore).
//
// What must stay true:
// - fetch, XMLHttpRequest ("raw"), media, ping (beacons), websocket and "other" loads over
//   http(s)/ws(s) are blocked; documents, scripts, style sheets, fonts, images and SVG still load.
// - blob: and data: URLs are not matched, so media the app builds from proxied ranges still plays.
import Gio from 'gi://Gio'
import GLib from 'gi://GLib'
import WebKit2 from 'gi://WebKit2?version=4.1'

Gio._promisify(WebKit2.UserContentFilterStore.prototype, 'save', 'save_finish')

export const BLOCKED_RESOURCE_TYPES = ['fetch', 'raw', 'media', 'ping', 'websocket', 'other']

// WebKit's url-filter has no disjunctions: one rule per scheme.
export const CONTENT_RULES = ['^https?://', '^wss?://'].map((urlFilter) => ({
  trigger: { 'url-filter': urlFilter, 'resource-type': BLOCKED_RESOURCE_TYPES },
  action: { type: 'block' },
}))

/** Compiles the rules (WebKit caches the compiled form under the user's cache folder). */
export async function compileContentFilter() {
  const folder = GLib.build_filenamev([GLib.get_user_cache_dir(), 'coursekit', 'content-filters'])
  const store = new WebKit2.UserContentFilterStore({ path: folder })
  const rules = new GLib.Bytes(new TextEncoder().encode(JSON.stringify(CONTENT_RULES)))
  return store.save('coursekit-page-network', rules, null)
}
