import type { Page } from '@coursekit/test-browser'
import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'

const browser = setUpBrowser()

/** The API reads (GETs under /api/) the page asks for, in order, each as its path and query. */
function recordReads(page: Page): string[] {
  const reads: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) reads.push(url.pathname + url.search)
  })
  return reads
}

/** The endpoints read more than once, with how often. */
function readTwice(reads: readonly string[]): Record<string, number> {
  const counts = new Map<string, number>()
  for (const read of reads) {
    const endpoint = read.split('?')[0]!
    counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1)
  }
  return Object.fromEntries([...counts].filter(([, count]) => count > 1))
}

/** Waits until the page shows its content, nothing on it is loading, and no request is on its way. */
async function settled(page: Page, contentShown: (page: Page) => Promise<unknown>): Promise<void> {
  await contentShown(page)
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null)
  await page.waitForLoadState('networkidle')
}

const PAGES: [string, string, (page: Page) => Promise<unknown>][] = [
  ['/', '/', (page) => page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()],
  ['/courses', '/courses', (page) => page.getByText(/^강의 \d+개$/).waitFor()],
  [
    '/courses/101',
    '/courses/101',
    async (page) => {
      await page.getByRole('heading', { level: 2, name: '커리큘럼' }).waitFor()
      await page.getByRole('region', { name: '사용할 수 있는 할인 코드' }).getByText('AUTUMN40').waitFor()
      await page.getByRole('region', { name: '수강평' }).getByRole('listitem').first().waitFor()
    },
  ],
  ['lesson 1001', '/courses/101/lessons/1001', (page) => page.locator('video').waitFor({ state: 'attached' })],
]

describe('a page visit reads each endpoint once, and a visit again within the stale time reads nothing (issue 27)', () => {
  it.each(PAGES)('%s', async (_name, path, contentShown) => {
    const { page } = await browser.device()
    const reads = recordReads(page)
    await page.goto(path)
    await settled(page, contentShown)
    expect(reads.length).toBeGreaterThan(0)
    expect(readTwice(reads), reads.join('\n')).toEqual({})

    // Away and back inside the app (no page load): every read of the page is still fresh.
    const away = path === '/notices' ? '/' : '/notices'
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '공지사항' }).click()
    await page.waitForURL((url) => url.pathname === away)
    await settled(page, (shown) => shown.getByRole('heading', { level: 1, name: '공지사항' }).waitFor())
    const before = reads.length
    await page.goBack()
    await page.waitForURL((url) => url.pathname === path)
    await settled(page, contentShown)
    expect(reads.slice(before)).toEqual([])
  })
})

describe('pages that show the same lists share their reads (issue 27)', () => {
  it('/mentors after /courses reads neither the mentors nor the courses again', async () => {
    const { page } = await browser.device()
    const reads = recordReads(page)
    await page.goto('/courses')
    await settled(page, (shown) => shown.getByText(/^강의 \d+개$/).waitFor())
    expect(reads).toEqual(expect.arrayContaining(['/api/v2/mentors?limit=100', '/api/v2/courses?limit=100']))
    const before = reads.length
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '멘토' }).click()
    await page.waitForURL((url) => url.pathname === '/mentors')
    await settled(page, (shown) => shown.getByRole('heading', { level: 1, name: '멘토' }).waitFor())
    expect(reads.slice(before)).toEqual([])
  })
})
