import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { namelessLearner, nameOnlyLearner, testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { profileButton } from './header-steps.ts'
import { fillSignIn, onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

const SECTIONS = ['전체 강의', '멘토', '일정', '공지사항']

/** The text of the element that has focus. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')

/** The page's viewport coordinates of `locator`'s box (it must be shown). */
async function box(locator: ReturnType<Page['locator']>) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not shown')
  return found
}

describe('the header', () => {
  it('on a phone signed in: one bar of at most 64 px that stays on top while scrolling, the sections in a tab bar at the bottom, the account under the greeting', async () => {
    const learner = testLearner('header-phone')
    const { page } = await browser.device()
    await signInAs(page, learner)
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    const header = page.getByRole('banner')
    expect((await box(header)).height).toBeLessThanOrEqual(64)
    expect(await profileButton(page).textContent()).toBe(`${learner.nickname}님`)
    expect(await header.textContent()).not.toContain(learner.email)
    // The account's pages are under the greeting, not in the bar.
    expect(await page.getByRole('link', { name: '기기 관리' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: '내 강의실' }).count()).toBe(0)

    const sections = page.getByRole('navigation', { name: '주 메뉴' })
    for (const name of SECTIONS) expect(await sections.getByRole('link', { name }).isVisible()).toBe(true)
    const tabBar = await box(sections)
    expect(tabBar.y + tabBar.height).toBe(844)
    expect(tabBar.height).toBeLessThanOrEqual(64)

    // Scrolled down the page, the bar is still at the top.
    await page.evaluate(() => window.scrollTo(0, 600))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(500)
    expect((await box(header)).y).toBe(0)
    // At the very end the footer ends above the tab bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const footer = await box(page.getByRole('contentinfo'))
    expect(footer.y + footer.height).toBeLessThanOrEqual((await box(sections)).y + 1)

    await profileButton(page).click()
    const menu = page.getByRole('menu')
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['내 강의실', '기기 관리', '로그아웃'])
    const open = await box(menu)
    expect(open.x + open.width).toBeLessThanOrEqual(390)
    await menu.getByRole('menuitem', { name: '기기 관리' }).click()
    await page.getByRole('heading', { level: 1, name: '기기 관리' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/my/devices')
    expect(await page.getByRole('menu').count()).toBe(0)
  })

  it('on a wide screen: one row with the sections inline and the greeting on the right', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    const header = await box(page.getByRole('banner'))
    expect(header.height).toBeLessThanOrEqual(65)
    const sections = page.getByRole('navigation', { name: '주 메뉴' })
    for (const name of SECTIONS) {
      const link = await box(sections.getByRole('link', { name }))
      expect(link.y).toBeGreaterThanOrEqual(header.y)
      expect(link.y + link.height).toBeLessThanOrEqual(header.y + header.height)
    }
    const signIn = await box(page.getByRole('banner').getByRole('link', { name: '로그인' }))
    expect(signIn.x).toBeGreaterThan(1000)
  })

  it('the profile menu by keyboard alone: Tab to it, Enter, arrows, Escape gives focus back, Enter on an item', async () => {
    const learner = testLearner('header-keyboard')
    const { page } = await browser.device({ width: 1280, height: 800 })
    await signInAs(page, learner)
    // A fresh page, so the keyboard starts from its top.
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    const button = profileButton(page)
    const menu = page.getByRole('menu')

    for (let presses = 0; presses < 20 && (await focused(page)) !== `${learner.nickname}님`; presses++) {
      await page.keyboard.press('Tab')
    }
    expect(await focused(page)).toBe(`${learner.nickname}님`)
    expect(await button.getAttribute('aria-expanded')).toBe('false')

    await page.keyboard.press('Enter')
    await menu.waitFor()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    expect(await focused(page)).toBe('내 강의실')
    await page.keyboard.press('ArrowDown')
    expect(await focused(page)).toBe('기기 관리')
    await page.keyboard.press('ArrowDown')
    expect(await focused(page)).toBe('로그아웃')
    await page.keyboard.press('ArrowDown')
    expect(await focused(page)).toBe('내 강의실')
    await page.keyboard.press('ArrowUp')
    expect(await focused(page)).toBe('로그아웃')
    await page.keyboard.press('Home')
    expect(await focused(page)).toBe('내 강의실')
    await page.keyboard.press('End')
    expect(await focused(page)).toBe('로그아웃')

    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    expect(await focused(page)).toBe(`${learner.nickname}님`)
    expect(await button.getAttribute('aria-expanded')).toBe('false')

    // ↑ opens on the last item; Tab leaves and closes it.
    await page.keyboard.press('ArrowUp')
    await menu.waitFor()
    expect(await focused(page)).toBe('로그아웃')
    await page.keyboard.press('Tab')
    await menu.waitFor({ state: 'detached' })

    // Back on the button, Space opens it; ↓ and Enter choose 기기 관리.
    await button.focus()
    await page.keyboard.press('Space')
    await menu.waitFor()
    expect(await focused(page)).toBe('내 강의실')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: '기기 관리' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/my/devices')
    expect(await menu.count()).toBe(0)
  })

  it('the profile menu by touch on a phone: a tap opens it, a tap outside closes it, a tap on an item goes there', async () => {
    const learner = testLearner('header-touch')
    const { page } = await browser.device({ hasTouch: true })
    await signInAs(page, learner)
    const heading = page.getByRole('heading', { level: 2, name: '인기 강의' })
    await heading.waitFor()
    const menu = page.getByRole('menu')

    await profileButton(page).tap()
    await menu.waitFor()
    await heading.tap()
    await menu.waitFor({ state: 'detached' })
    expect(await profileButton(page).getAttribute('aria-expanded')).toBe('false')

    await profileButton(page).tap()
    await menu.getByRole('menuitem', { name: '내 강의실' }).tap()
    await page.getByRole('heading', { level: 1, name: '내 강의실' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/my/courses')
    expect(await menu.count()).toBe(0)
  })

  it('while menu-settings has not answered, the default menu; once it answers, its own', async () => {
    const { page } = await browser.device()
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let answered = false
    await page.route('**/api/v2/menu-settings', async (route) => {
      await held
      const response = await route.fetch()
      const body = (await response.json()) as { items: { label: string; visible: boolean }[] }
      // The backend renames one section and hides another.
      for (const item of body.items) {
        if (item.label === '전체 강의') item.label = '모든 강의'
        if (item.label === '멘토') item.visible = false
      }
      await route.fulfill({ response, json: body })
      answered = true
    })
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    const sections = page.getByRole('navigation', { name: '주 메뉴' })
    for (const name of SECTIONS) expect(await sections.getByRole('link', { name }).isVisible()).toBe(true)
    expect(answered).toBe(false)

    release()
    await sections.getByRole('link', { name: '모든 강의' }).waitFor()
    expect(await sections.getByRole('link').allTextContents()).toEqual(['모든 강의', '일정', '공지사항'])
  })

  it('when menu-settings fails, the default menu, the account pages under the greeting included', async () => {
    const learner = testLearner('header-menu-fails')
    const { page, errors } = await browser.device()
    let refused = 0
    await page.route('**/api/v2/menu-settings', async (route) => {
      refused++
      await route.fulfill({ status: 503, json: { message: 'unavailable' } })
    })
    await signInAs(page, learner)
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    expect(refused).toBeGreaterThan(0)
    const sections = page.getByRole('navigation', { name: '주 메뉴' })
    expect(await sections.getByRole('link').allTextContents()).toEqual(SECTIONS)
    await profileButton(page).click()
    expect(await page.getByRole('menu').getByRole('menuitem').allTextContents()).toEqual([
      '내 강의실',
      '기기 관리',
      '로그아웃',
    ])
    expect(onlyFailedLoads(errors, [503])).toBe(true)
    errors.length = 0
  })

  it("the greeting's menu whose code did not arrive: the greeting stays, and pressing it asks again", async () => {
    const learner = testLearner('header-code-fails')
    const { page, errors } = await browser.device()
    const menuCode = (url: URL) => /\/assets\/profile-menu-[^/]*\.js$/.test(url.pathname)
    await page.route(menuCode, (route) => route.abort('connectionrefused'))
    await signInAs(page, learner)
    const greeting = page.getByRole('banner').getByRole('button', { name: `${learner.nickname}님` })
    expect(await greeting.getAttribute('aria-haspopup')).toBeNull()

    await page.unroute(menuCode)
    await greeting.click()
    await profileButton(page).click()
    expect(await page.getByRole('menu').getByRole('menuitem').allTextContents()).toEqual([
      '내 강의실',
      '기기 관리',
      '로그아웃',
    ])
    expect(errors.every((error) => error.includes('net::ERR_CONNECTION_REFUSED'))).toBe(true)
    errors.length = 0
  })

  it('without a nickname, greets by name, else as 회원님; never by the e-mail address (the nickname: the first journey)', async () => {
    for (const [account, greeting] of [
      [nameOnlyLearner, '이름만님'],
      [namelessLearner, '회원님'],
    ] as const) {
      const { page } = await browser.device({ width: 1280, height: 800 })
      await page.goto('/sign/in')
      await fillSignIn(page, account.email, account.password)
      // Without a nickname the profile is incomplete: its completion page, under the same header.
      await page.getByRole('heading', { name: '회원 정보를 완성해주세요' }).waitFor()
      await expect.poll(() => profileButton(page).textContent()).toBe(greeting)
      expect(await page.getByRole('banner').textContent()).not.toContain(account.email)
    }
  })

  it('admins find /admin in the profile menu; learners do not', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await signInAs(page, testLearner('header-admin'))
    await profileButton(page).click()
    expect(await page.getByRole('menu').getByRole('menuitem').allTextContents()).toEqual([
      '내 강의실',
      '기기 관리',
      '관리자 페이지',
      '로그아웃',
    ])
    await page.getByRole('menuitem', { name: '관리자 페이지' }).click()
    await page.getByRole('heading', { name: '접속 중인 기기' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin')
    // A learner's menu (the first journey above) has no such item: checked in full there.
  })

  it.each([
    [390, 844],
    [1280, 800],
  ] as const)('search from the header at %ix%i lands on /courses?q= with the words', async (width, height) => {
    const { page } = await browser.device({ width, height })
    await page.goto('/notices')
    const search = page.getByRole('banner').getByRole('searchbox', { name: '강의 찾기' })
    await search.fill('실무')
    if (width > 390) await page.getByRole('banner').getByRole('button', { name: '검색' }).click()
    else await search.press('Enter')
    await page.waitForURL((url) => url.pathname === '/courses' && url.searchParams.get('q') === '실무')
    await page.getByRole('link', { name: /실무 React 완벽 가이드/ }).waitFor()
    expect(await page.getByRole('searchbox', { name: '강의 검색' }).inputValue()).toBe('실무')
    expect(await search.inputValue()).toBe('')
  })

  it.each([
    [390, 844, 'header-axe-390'],
    [1280, 800, 'header-axe-1280'],
  ] as const)('axe at %ix%i: signed in, the profile menu closed and open', async (width, height, journey) => {
    const { page } = await browser.device({ width, height })
    await signInAs(page, testLearner(journey))
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await profileButton(page).click()
    await page.getByRole('menu').waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })
})
