import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { watchAuthJs } from './auth-js-steps.ts'
import { setUpBrowser } from './browser.ts'
import { signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

/** The public reads `/` makes for a signed-out visitor (spec section 6: no login needed). */
const HOME_PUBLIC_READS = [
  '/api/v2/banners',
  '/api/v2/notices',
  '/api/v2/courses',
  '/api/v2/course-categories',
  '/api/v2/menu-settings',
]

describe('public reads never wait for auth (spec sections 5 and 6)', () => {
  it('/ for a signed-out visitor asks for its public reads, and never for auth-js', async () => {
    const { page } = await browser.device({ width: 412, height: 915 })
    const asked = new Set<string>()
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (HOME_PUBLIC_READS.includes(path)) asked.add(path)
    })
    const authJs = await watchAuthJs(page)
    await page.goto('/')
    await expect.poll(() => [...asked].sort(), { timeout: 10_000 }).toEqual([...HOME_PUBLIC_READS].sort())
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await page.getByRole('link', { name: '로그인' }).first().waitFor()
    // Everything the page does after its first paint (the client's start, the visit) is done too.
    await page.waitForLoadState('networkidle')
    expect(authJs.count()).toBe(0)
  })

  it('/ with a stored session asks for its public reads while auth-js, which restores it, has not arrived', async () => {
    const learner = testLearner('auth-js-stored')
    const { page } = await browser.device({ width: 412, height: 915 })
    await signInAs(page, learner)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const authJs = await watchAuthJs(page, held)
    const asked = new Set<string>()
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (HOME_PUBLIC_READS.includes(path)) asked.add(path)
    })
    await page.goto('/')
    await authJs.requested
    // All of them while auth-js is held: none waits for auth to initialise.
    await expect.poll(() => [...asked].sort(), { timeout: 10_000 }).toEqual([...HOME_PUBLIC_READS].sort())
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await page.getByRole('region', { name: '진행 중인 이벤트' }).waitFor()
    release()
    await page.getByText(`${learner.nickname}님`).waitFor()
  })
})
