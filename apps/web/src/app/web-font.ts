/**
 * Pretendard, the app's typeface, after the page has drawn: a Korean page draws on a dozen of its
 * subsets of about 25 kB each, which, fetched with the page, take a phone's bandwidth from the
 * page's code and data and hold back its first content by seconds. Until it arrives the system's
 * Korean font (the stack in styles.css) draws the text at the same sizes and line heights, and the
 * swap (font-display: swap) only redraws the glyphs.
 */
export function loadWebFontWhenIdle(): void {
  const load = () => void import('pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css')
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(load, { timeout: 2000 }) : setTimeout(load, 200)
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
