import { describe, expect, it } from 'vitest'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { tabTo } from './keyboard-steps.ts'
import { checkReadStates } from './read-state-steps.ts'
import { onlyFailedLoads } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('/notices and /notices/:noticeId', () => {
  it('opens from the header menu: pinned first with their badge, categories, Korean dates; a notice reads in paragraphs and leads to the next', async () => {
    const { page } = await browser.device()
    await page.goto('/')
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '공지사항' }).click()
    await page.waitForURL((url) => url.pathname === '/notices')
    const board = page.getByRole('region', { name: '공지 목록' })
    const rows = board.getByRole('list').first().getByRole('link')
    await rows.first().waitFor()
    expect(await rows.count()).toBe(10)
    const texts = await rows.allTextContents()
    expect(texts[0]).toMatch(/^고정서비스\[필독\] 동시 접속 기기 제한 안내2026년 9월 1일$/)
    expect(texts[1]).toMatch(/^고정정책\[필독\] 수강 기간 및 환불 규정 안내/)
    expect(texts.slice(2).every((text) => !text.startsWith('고정'))).toBe(true)

    await rows.first().click()
    await page.waitForURL((url) => url.pathname === '/notices/301')
    const article = page.getByRole('article', { name: '[필독] 동시 접속 기기 제한 안내' })
    await article.waitFor()
    expect(await page.title()).toBe('[필독] 동시 접속 기기 제한 안내 | 코스킷')
    expect(await article.locator('p').count()).toBe(4)
    expect(await article.getByText('2026년 9월 1일').isVisible()).toBe(true)
    expect(await article.getByText('서비스', { exact: true }).isVisible()).toBe(true)
    // The first notice of the board has none before it.
    const others = page.getByRole('navigation', { name: '다른 공지' })
    await others.getByRole('link', { name: /다음 공지/ }).waitFor()
    expect(await others.getByText('이전 공지').count()).toBe(0)
    await others.getByRole('link', { name: /다음 공지/ }).click()
    await page.getByRole('article', { name: '[필독] 수강 기간 및 환불 규정 안내' }).waitFor()
    await others.getByRole('link', { name: /이전 공지/ }).waitFor()

    await page.getByRole('link', { name: '← 공지사항 목록' }).click()
    await page.waitForURL((url) => url.pathname === '/notices')
    await rows.first().waitFor()
  })

  it('pages as the server pages: the second page, marked, and back', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.goto('/notices')
    const pager = page.getByRole('navigation', { name: '공지사항 페이지' })
    await pager.getByRole('link', { name: /^2\s*페이지$/ }).click()
    await page.waitForURL((url) => url.search === '?page=2')
    await page.getByRole('link', { name: /코스킷 서비스 오픈 안내/ }).waitFor()
    expect(
      await page.getByRole('region', { name: '공지 목록' }).getByRole('list').first().getByRole('listitem').count(),
    ).toBe(2)
    expect(await pager.getByRole('link', { name: /^2\s*페이지$/ }).getAttribute('aria-current')).toBe('page')
    await pager.getByRole('link', { name: '이전 페이지' }).click()
    await page.getByRole('link', { name: /동시 접속 기기 제한 안내/ }).waitFor()
  })

  it("the home page's notices link to their page", async () => {
    const { page } = await browser.device()
    await page.goto('/')
    await page.getByRole('link', { name: /12월 라이브 특강 일정 안내/ }).click()
    await page.getByRole('article', { name: '12월 라이브 특강 일정 안내' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/notices/311')
  })

  it('an unknown notice is a 404 of its own, with the way back to the board', async () => {
    const { page, errors } = await browser.device()
    await page.goto('/notices/999999')
    await page.getByRole('heading', { level: 1, name: '공지사항을 찾을 수 없습니다' }).waitFor()
    await page.getByRole('link', { name: '공지사항 목록으로' }).click()
    await page.waitForURL((url) => url.pathname === '/notices')
    expect(onlyFailedLoads(errors, [404])).toBe(true)
    errors.length = 0
  })

  it('keyboard alone: from the menu to a notice, and on to the next', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await tabTo(page, '공지사항')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/notices')
    await page.getByRole('link', { name: /서비스 점검 안내/ }).waitFor()
    await page.getByRole('link', { name: /서비스 점검 안내/ }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('article', { name: '서비스 점검 안내 (11월 8일 새벽)' }).waitFor()
    await tabTo(page, '다음 공지개인정보 처리방침 개정 안내')
    await page.keyboard.press('Enter')
    await page.getByRole('article', { name: '개인정보 처리방침 개정 안내' }).waitFor()
  })

  it('the board: loading, no answer, a 5xx and no notices each have their face', async () => {
    await checkReadStates(() => browser.device(), {
      path: '/notices',
      api: '/api/v2/notices',
      ready: (page) => page.getByRole('link', { name: /동시 접속 기기 제한 안내/ }).waitFor(),
      failedText: '공지사항을 불러오지 못했습니다.',
      emptyText: '아직 공지사항이 없습니다.',
    })
  })

  it('a notice: loading, no answer and a 5xx each have their face', async () => {
    await checkReadStates(() => browser.device(), {
      path: '/notices/309',
      api: '/api/v2/notices/309',
      ready: (page) => page.getByRole('article', { name: '서비스 점검 안내 (11월 8일 새벽)' }).waitFor(),
      failedText: '공지사항을 불러오지 못했습니다.',
    })
  })

  it.each([
    [390, 844],
    [1280, 800],
  ])('axe finds nothing serious at %ix%i: the board, a notice, an unknown notice', async (width, height) => {
    const { page, errors } = await browser.device({ width, height })
    await page.goto('/notices')
    await page.getByRole('link', { name: /동시 접속 기기 제한 안내/ }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/notices/311')
    await page.getByRole('navigation', { name: '다른 공지' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/notices/999999')
    await page.getByRole('heading', { name: '공지사항을 찾을 수 없습니다' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    expect(onlyFailedLoads(errors, [404])).toBe(true)
    errors.length = 0
  })
})
