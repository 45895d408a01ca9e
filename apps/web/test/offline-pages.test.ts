import { describe, expect, it } from 'vitest'
import { setUpBrowser } from './browser.ts'

const browser = setUpBrowser()

/** The code of the catalogue page, which no journey here has loaded before it goes there. */
const catalogueCode = (url: URL) => /\/assets\/catalogue-page-[^/]*\.js$/.test(url.pathname)

describe("a page whose code did not arrive (offline, or the server's silence)", () => {
  it('says so in Korean inside the shell, and the page comes when the connection is back, without a reload', async () => {
    const { page, context, errors } = await browser.device()
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await page.evaluate(() => {
      ;(window as { sameDocument?: boolean }).sameDocument = true
    })
    await context.setOffline(true)
    const menu = page.getByRole('navigation', { name: '주 메뉴' })
    await menu.getByRole('link', { name: '전체 강의' }).click()

    const main = page.getByRole('main')
    const failure = main.getByRole('alert')
    await failure.getByRole('heading', { name: '페이지를 불러오지 못했습니다' }).waitFor()
    expect(await failure.textContent()).toContain('연결이 돌아오면 이 페이지를 다시 불러옵니다')
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0)
    // The shell stays: the header's links, the footer.
    expect(await menu.getByRole('link', { name: '전체 강의' }).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: '코스킷' }).first().isVisible()).toBe(true)
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true)
    expect(await page.title()).toBe('페이지를 불러오지 못했습니다 | 코스킷')

    // Still offline, 다시 시도 says the same again.
    await failure.getByRole('button', { name: '다시 시도' }).click()
    await failure.getByRole('heading', { name: '페이지를 불러오지 못했습니다' }).waitFor()

    await context.setOffline(false)
    await main.getByRole('heading', { level: 1, name: '전체 강의' }).waitFor()
    expect(await main.getByRole('alert').count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/courses')
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
    expect(errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([])
    errors.length = 0
  })

  it('다시 시도 brings the page once the server answers, with the connection never lost', async () => {
    const { page, errors } = await browser.device({ width: 1280, height: 800 })
    await page.route(catalogueCode, (route) => route.abort('connectionrefused'))
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '전체 강의' }).click()
    const failure = page.getByRole('main').getByRole('alert')
    await failure.getByRole('heading', { name: '페이지를 불러오지 못했습니다' }).waitFor()

    await page.unroute(catalogueCode)
    await failure.getByRole('button', { name: '다시 시도' }).click()
    await page.getByRole('main').getByRole('heading', { level: 1, name: '전체 강의' }).waitFor()
    expect(errors.every((error) => error.includes('net::ERR_CONNECTION_REFUSED'))).toBe(true)
    errors.length = 0
  })
})
