import type { Page } from '@coursekit/test-browser'
import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'

const browser = setUpBrowser()

/**
 * What the typeface's files and stylesheet may weigh on `/` at 390×844, on the wire: measured
 * 289,774 B in two static weights (274,340 B in 24 slices, 15,434 B of stylesheet), where the
 * variable font took 348,635 B (334,808 B in 13 slices, 13,827 B of stylesheet).
 */
const HOME_FONT_BYTES_LIMIT = 300_000
/**
 * The layout shift the typeface's swap may cause on `/`: measured 0.0001 at 412×915 with the
 * fallback sized to Pretendard ('Pretendard Fallback', styles.css), 0.0095 without it.
 */
const SWAP_CLS_LIMIT = 0.001

/** Pretendard's own faces' family: 'Pretendard Fallback', the system font sized to it, is not one. */
const PRETENDARD_FAMILY = `^["']?Pretendard["']?$`

interface Fetched {
  path: string
  /** On the wire: compressed where the server compressed it. */
  bytes: number
}

/** Counts the typeface's files, and the stylesheets that fetch them, of `page` from now on. */
function countFontTraffic(page: Page): () => Promise<{ fonts: Fetched[]; sheets: Fetched[] }> {
  const pending: Promise<void>[] = []
  const fonts: Fetched[] = []
  const sheets: Fetched[] = []
  page.on('requestfinished', (request) => {
    const type = request.resourceType()
    if (type !== 'font' && type !== 'stylesheet') return
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()])
        const entry = { path: new URL(request.url()).pathname, bytes: sizes.responseBodySize }
        if (type === 'font') fonts.push(entry)
        else if (/@font-face\s*\{[^}]*url\(/.test((await response?.text()) ?? '')) sheets.push(entry)
      })(),
    )
  })
  return async () => {
    await Promise.all(pending)
    return { fonts, sheets }
  }
}

const webFontLoaded = (page: Page) =>
  page.waitForFunction(
    (family) => [...document.fonts].some((face) => new RegExp(family).test(face.family) && face.status === 'loaded'),
    PRETENDARD_FAMILY,
  )

/** Sums the page's layout shifts (those no input caused) from its first paint, as CLS counts them. */
async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts = { sum: 0 }
    Object.assign(window, { __layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.sum += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () =>
    page.evaluate(async () => {
      // Two frames, so the last layout is painted and its shift reported.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      return (window as unknown as { __layoutShifts: { sum: number } }).__layoutShifts.sum
    })
}

const total = (entries: Fetched[]) => entries.reduce((sum, entry) => sum + entry.bytes, 0)

describe('Pretendard on / comes in two weights, in the slices the page shows (issue 28)', () => {
  it(`its files and stylesheet weigh at most ${HOME_FONT_BYTES_LIMIT.toLocaleString('en-US')} B`, async () => {
    const { page } = await browser.device()
    const traffic = countFontTraffic(page)
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await page.getByText('[필독] 동시 접속 기기 제한 안내').waitFor()
    await webFontLoaded(page)
    // Every face the page asked for, in.
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => document.fonts.ready)
    const { fonts, sheets } = await traffic()
    expect(sheets).toHaveLength(1)
    expect(fonts.length).toBeGreaterThan(0)
    for (const font of fonts)
      expect(font.path).toMatch(/\/assets\/Pretendard-(Regular|SemiBold)\.subset\.\d+-[\w-]+\.woff2$/)
    expect(total(fonts) + total(sheets)).toBeLessThanOrEqual(HOME_FONT_BYTES_LIMIT)
  })

  it.each([
    [412, 915],
    [1280, 800],
  ])(`at %ix%i its swap moves the page by at most CLS ${SWAP_CLS_LIMIT}`, async (width, height) => {
    const { page } = await browser.device({ width, height })
    const shifts = await watchLayoutShifts(page)
    // The typeface's stylesheet, asked for once the page has settled (web-font.ts), is held until
    // the page has drawn all its content in the fallback.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let asked = () => {}
    const settled = new Promise<void>((resolve) => {
      asked = resolve
    })
    await page.route('**/assets/pretendard-faces-*.css', async (route) => {
      asked()
      await held
      await route.continue()
    })
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '새로 나온 강의' }).waitFor()
    await page.getByText('[필독] 동시 접속 기기 제한 안내').waitFor()
    await settled
    const before = await shifts()
    release()
    await webFontLoaded(page)
    await page.evaluate(() => document.fonts.ready)
    expect((await shifts()) - before).toBeLessThanOrEqual(SWAP_CLS_LIMIT)
  })
})
