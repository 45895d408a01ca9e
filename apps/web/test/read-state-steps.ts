import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { OpenedPage } from './browser.ts'
import { onlyFailedLoads } from './sign-in-steps.ts'

interface ReadStates {
  /** The page's address. */
  path: string
  /** The public read the page makes, e.g. `/api/v2/mentors`. */
  api: string
  /** Waits for the page's content, once the read answered. */
  ready(page: Page): Promise<void>
  /** What the page says when the server failed it. */
  failedText: string
  /** What the page says when the read came back with nothing; omitted where the page has no such state. */
  emptyText?: string
}

/**
 * The four faces of a page's read, each on a fresh device: loading (busy, while the answer is held),
 * no answer (the offline banner, whose retry brings the content), a 5xx (the client's toast and
 * the page's retry) and an empty answer.
 */
export async function checkReadStates(device: () => Promise<OpenedPage>, states: ReadStates): Promise<void> {
  const isApi = (url: URL) => url.pathname === states.api

  {
    const { page } = await device()
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(isApi, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(states.path)
    await page.locator('[aria-busy="true"]').first().waitFor()
    release()
    await states.ready(page)
    expect(await page.locator('main [aria-busy="true"]').count()).toBe(0)
  }

  {
    const { page, errors } = await device()
    await page.route(isApi, (route) => route.abort('internetdisconnected'))
    await page.goto(states.path)
    const banner = page.getByRole('alert').filter({ hasText: '서버에 연결할 수 없습니다' })
    await banner.waitFor()
    await page.unroute(isApi)
    await banner.getByRole('button', { name: '다시 시도' }).click()
    await states.ready(page)
    expect(await banner.count()).toBe(0)
    expect(errors.every((error) => error.includes('net::ERR_INTERNET_DISCONNECTED'))).toBe(true)
    errors.length = 0
  }

  {
    const { page, errors } = await device()
    let failures = 1
    await page.route(isApi, (route) =>
      failures-- > 0
        ? route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: '잠시 후 다시 시도해주세요.' } })
        : route.continue(),
    )
    await page.goto(states.path)
    await page.getByText('잠시 후 다시 시도해주세요.').waitFor()
    const failed = page.getByText(states.failedText)
    await failed.waitFor()
    await page.getByRole('button', { name: '다시 시도' }).click()
    await states.ready(page)
    expect(await failed.count()).toBe(0)
    expect(onlyFailedLoads(errors, [503])).toBe(true)
    errors.length = 0
  }

  if (states.emptyText) {
    const { page } = await device()
    await page.route(isApi, (route) => route.fulfill({ json: { items: [], total: 0, limit: 100, offset: 0 } }))
    await page.goto(states.path)
    await page.getByText(states.emptyText).waitFor()
  }
}
