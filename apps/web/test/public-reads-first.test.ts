import type { Page } from '@coursekit/test-browser'
import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'

const browser = setUpBrowser()

/** The public reads `/` makes for a signed-out visitor (spec section 6: no login needed). */
const HOME_PUBLIC_READS = [
  '/api/v2/banners',
  '/api/v2/notices',
  '/api/v2/courses',
  '/api/v2/course-categories',
  '/api/v2/menu-settings',
]

/**
 * Holds the script chunk that carries Supabase auth-js (its storage key prefix is its marker, as in
 * first-load-size.test.ts) until `release` is called: auth cannot initialise before then.
 */
async function holdAuthJs(page: Page): Promise<{ release: () => void; requested: Promise<void> }> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let markRequested = () => {}
  const requested = new Promise<void>((resolve) => {
    markRequested = resolve
  })
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('supabase.auth.token')) {
      markRequested()
      await held
    }
    await route.fulfill({ response, body })
  })
  return { release, requested }
}

describe('public reads never wait for auth (spec sections 5 and 6)', () => {
  it('/ for a signed-out visitor asks for its public reads while auth-js has not even arrived', async () => {
    const { page } = await browser.device({ width: 412, height: 915 })
    const asked = new Set<string>()
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (HOME_PUBLIC_READS.includes(path)) asked.add(path)
    })
    const authJs = await holdAuthJs(page)
    await page.goto('/')
    await authJs.requested
    // All of them while auth-js is held: none waits for auth to initialise.
    await expect.poll(() => [...asked].sort(), { timeout: 10_000 }).toEqual([...HOME_PUBLIC_READS].sort())
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await page.getByRole('region', { name: '진행 중인 이벤트' }).waitFor()
    authJs.release()
    await page.getByRole('link', { name: '로그인' }).first().waitFor()
  })
})
