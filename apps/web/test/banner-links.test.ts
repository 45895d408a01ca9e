import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'

const browser = setUpBrowser()

/** Banners as a compromised or careless content editor might send them, each titled by its target. */
const POISONED_TARGETS = [
  '//evil.example',
  '/\\evil.example',
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  ' https://evil.example',
  'https://app@evil.example/',
]

describe('banner links from the server (home)', () => {
  it("go to the app's pages in place, to a deliberate external page in a new tab with no handle on the app, and nowhere else", async () => {
    const { page, context } = await browser.device({ width: 1280, height: 800 })
    const banners = [
      ...POISONED_TARGETS.map((linkUrl, index) => ({ id: 900 + index, title: `배너 ${index}`, linkUrl })),
      { id: 950, title: '제휴 이벤트', linkUrl: 'https://evil.example/event' },
      { id: 951, title: '무료 강의', linkUrl: '/courses/102' },
    ]
    await page.route('**/api/v2/banners*', (route) =>
      route.fulfill({ json: { items: banners, total: banners.length } }),
    )
    // The external page, answered here (the machine has no way out), to see what it was handed.
    await context.route('https://evil.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>elsewhere</title>' }),
    )
    await page.goto('/')
    const strip = page.getByRole('region', { name: '진행 중인 이벤트' })
    await strip.getByText('무료 강의').waitFor()

    for (const [index, target] of POISONED_TARGETS.entries()) {
      const card = strip.getByText(`배너 ${index}`)
      expect(await card.isVisible(), target).toBe(true)
      expect(await strip.getByRole('link', { name: new RegExp(`배너 ${index}`) }).count(), target).toBe(0)
      await card.click()
      expect(new URL(page.url()).origin, target).toBe(browser.origin)
    }
    expect(page.url()).toBe(`${browser.origin}/`)

    const external = strip.getByRole('link', { name: /제휴 이벤트/ })
    expect(await external.getAttribute('target')).toBe('_blank')
    expect(await external.getAttribute('rel')).toBe('noopener noreferrer')
    const [opened] = await Promise.all([context.waitForEvent('page'), external.click()])
    await opened.waitForLoadState()
    expect(opened.url()).toBe('https://evil.example/event')
    expect(await opened.evaluate(() => [window.opener === null, document.referrer])).toEqual([true, ''])
    expect(page.url()).toBe(`${browser.origin}/`)

    await strip.getByRole('link', { name: /무료 강의/ }).click()
    await page.waitForURL(`${browser.origin}/courses/102`)
  })
})
