/** How long no request may finish before the page counts as settled. */
const SETTLED_AFTER_MS = 500

/**
 * Pretendard, the app's typeface, once the page has settled: a Korean page draws on a dozen of its
 * subsets of about 25 kB each, which, fetched with the page, take a phone's bandwidth from the
 * page's code and data and hold back its first content by seconds. Settled: loaded, and no request
 * (code, the first page's data) has finished for SETTLED_AFTER_MS. Until then the system's Korean
 * font (the stack in styles.css) draws the text at the same sizes and line heights, and the swap
 * (font-display: swap) only redraws the glyphs.
 */
export function loadWebFontWhenSettled(): void {
  // Offline when its turn comes (a page with pictures settles later): the stylesheet does not arrive
  // and the system's font goes on drawing, as it does until then; not an unhandled error.
  const load = () => {
    import('pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css').catch(() => {})
  }
  const whenSettled = () => {
    let timer = setTimeout(done, SETTLED_AFTER_MS)
    const requests = new PerformanceObserver(() => {
      clearTimeout(timer)
      timer = setTimeout(done, SETTLED_AFTER_MS)
    })
    function done() {
      requests.disconnect()
      load()
    }
    requests.observe({ type: 'resource' })
  }
  if (document.readyState === 'complete') whenSettled()
  else window.addEventListener('load', whenSettled, { once: true })
}
