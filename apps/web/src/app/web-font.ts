/** How long no request may finish before the page counts as settled. */
const SETTLED_AFTER_MS = 500

/**
 * Pretendard, the app's typeface, once the page has settled: a Korean page draws on a dozen of its
 * slices in each of its two weights (pretendard-faces.css), which, fetched with the page, take a
 * phone's bandwidth from the page's code and data and hold back its first content by seconds.
 * Settled: loaded, and no request (code, the first page's data) has finished for SETTLED_AFTER_MS.
 * Until then the system's Korean font draws the text, sized to Pretendard's where it can be
 * ('Pretendard Fallback' in styles.css), and the swap (font-display: swap) only redraws the glyphs.
 */
export function loadWebFontWhenSettled(): void {
  // Offline when its turn comes (a page with pictures settles later): the stylesheet does not arrive
  // and the system's font goes on drawing, as it does until then; not an unhandled error.
  const load = () => {
    import('./pretendard-faces.css').catch(() => {})
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
