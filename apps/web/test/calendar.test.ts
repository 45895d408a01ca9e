import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { tabTo } from './keyboard-steps.ts'
import { checkReadStates } from './read-state-steps.ts'

const browser = setUpBrowser()
/** Tuesday 10 November 2026, noon in Seoul (still the 9th in Los Angeles). */
const TODAY = new Date('2026-11-10T03:00:00Z')

const monthHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name })
const dayOf = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })

describe('/calendar', () => {
  it("opens from the header menu on today's month: today marked, types in words, Seoul times on a machine in Los Angeles, events linked to their course", async () => {
    const { page } = await browser.device({ timezoneId: 'America/Los_Angeles' })
    await page.clock.install({ time: TODAY })
    await page.goto('/')
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '일정' }).click()
    await page.waitForURL((url) => url.pathname === '/calendar')
    await monthHeading(page, '2026년 11월').waitFor()
    expect(await page.title()).toBe('일정 | 코스킷')

    const today = page.locator('li[aria-current="date"]')
    // The month's name shows at once; its days once the calendar has arrived.
    await today.waitFor()
    expect(await today.count()).toBe(1)
    expect(await today.getByRole('heading', { name: /^11월 10일 \(화\)\s*오늘$/ }).count()).toBe(1)
    // The deadline at 14:59:59 UTC: 23:59 on the 10th in Seoul.
    expect(await today.textContent()).toContain('마감23:59데이터 분석 과제 제출 마감')

    const live = dayOf(page, '11월 5일 (목)')
    expect(await live.textContent()).toContain('라이브20:00 ~ 21:00실무 React 라이브 Q&A')
    expect(await dayOf(page, '11월 20일 (금)').textContent()).toContain('오픈09:00겨울 특강 수강 신청 시작')
    // On a phone, a day without events is left out of the list.
    expect(await page.getByRole('heading', { name: '11월 3일 (화)' }).isVisible()).toBe(false)

    await live.getByRole('link', { name: '실무 React 라이브 Q&A' }).click()
    await page.waitForURL((url) => url.pathname === '/courses/101')
  })

  it('moves between months on a desktop grid: each first day under its weekday, an event at midnight in Seoul on its Seoul day', async () => {
    const { page } = await browser.device({ width: 1280, height: 800, timezoneId: 'America/Los_Angeles' })
    await page.clock.install({ time: TODAY })
    await page.goto('/calendar')
    await monthHeading(page, '2026년 11월').waitFor()
    expect(await page.getByRole('link', { name: '이번 달' }).count()).toBe(0)

    await page.getByRole('link', { name: '다음 달' }).click()
    await monthHeading(page, '2026년 12월').waitFor()
    expect(new URL(page.url()).search).toBe('?month=2026-12')
    // 15:00 UTC on 30 November is midnight on 1 December in Seoul.
    const first = dayOf(page, '12월 1일 (화)')
    expect(await first.textContent()).toContain('12월 학습 챌린지 시작')
    expect(await page.locator('li[aria-current="date"]').count()).toBe(0)
    const sunday = dayOf(page, '12월 6일 (일)')
    const [firstBox, sundayBox] = [await first.boundingBox(), await sunday.boundingBox()]
    // Tuesday the 1st sits two columns right of the next Sunday, a row above it.
    expect(firstBox!.x - sundayBox!.x).toBeCloseTo(2 * firstBox!.width, -1)
    expect(firstBox!.y).toBeLessThan(sundayBox!.y)
    // Every day of the month is a cell on a desktop.
    expect(await page.getByRole('heading', { name: '12월 2일 (수)' }).isVisible()).toBe(true)

    await page.getByRole('link', { name: '이전 달' }).click()
    await monthHeading(page, '2026년 11월').waitFor()
    await page.getByRole('link', { name: '이전 달' }).click()
    await monthHeading(page, '2026년 10월').waitFor()
    expect(await dayOf(page, '10월 22일 (목)').textContent()).toContain('자바스크립트 입문 라이브 코딩')
    await page.getByRole('link', { name: '이번 달' }).click()
    await monthHeading(page, '2026년 11월').waitFor()
    const today = page.locator('li[aria-current="date"]')
    await today.waitFor()
    expect(await today.getByRole('heading', { name: /^11월 10일 \(화\)\s*오늘$/ }).count()).toBe(1)
  })

  it('Saturdays are blue and Sundays red; events already over are dimmed and said to be past', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.clock.install({ time: TODAY })
    await page.goto('/calendar')
    await page.getByRole('link', { name: '실무 React 라이브 Q&A' }).waitFor()
    const colorOf = (name: string) =>
      dayOf(page, name)
        .locator('h3 [aria-hidden]')
        .first()
        .evaluate((element) => getComputedStyle(element).color)
    const [saturday, sunday, monday] = [
      await colorOf('11월 7일 (토)'),
      await colorOf('11월 8일 (일)'),
      await colorOf('11월 9일 (월)'),
    ]
    const header = page.locator('div[aria-hidden]').filter({ hasText: '일월화수목금토' })
    const headerColor = (word: string) =>
      header.getByText(word, { exact: true }).evaluate((element) => getComputedStyle(element).color)
    expect(new Set([saturday, sunday, monday]).size).toBe(3)
    expect(await headerColor('토')).toBe(saturday)
    expect(await headerColor('일')).toBe(sunday)
    expect(await headerColor('월')).not.toBe(saturday)

    // The 5th's live session is over; the review on the 12th is still to come.
    // An event is the innermost item around its link (the day around it is an item too).
    const event = (title: string) =>
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: title }) })
        .filter({ hasNot: page.getByRole('heading') })
    const past = event('실무 React 라이브 Q&A')
    const coming = event('Figma 포트폴리오 리뷰 세션')
    expect(await past.getAttribute('data-past')).toBe('true')
    expect(await coming.getAttribute('data-past')).toBeNull()
    expect(await past.textContent()).toContain('(지난 일정)')
    expect(await coming.textContent()).not.toContain('(지난 일정)')
    const linkColor = (item: typeof past) =>
      item.getByRole('link').evaluate((element) => getComputedStyle(element).color)
    expect(await linkColor(past)).not.toBe(await linkColor(coming))
  })

  it('a month without events says so', async () => {
    const { page } = await browser.device()
    await page.clock.install({ time: TODAY })
    await page.goto('/calendar?month=2027-03')
    await monthHeading(page, '2027년 3월').waitFor()
    await page.getByText('이 달에는 일정이 없습니다.').waitFor()
  })

  it('keyboard alone: from the menu to the next month and on to an event', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.clock.install({ time: TODAY })
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    await tabTo(page, '일정')
    await page.keyboard.press('Enter')
    await monthHeading(page, '2026년 11월').waitFor()
    await tabTo(page, '다음 달 ›')
    await page.keyboard.press('Enter')
    await monthHeading(page, '2026년 12월').waitFor()
    await tabTo(page, '퍼포먼스 마케팅 라이브 Q&A')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/courses/106')
  })

  it('loading, no answer, a 5xx and no events each have their face', async () => {
    await checkReadStates(() => browser.device(), {
      path: '/calendar?month=2026-11',
      api: '/api/v2/calendar',
      ready: (page) => page.getByRole('link', { name: '실무 React 라이브 Q&A' }).waitFor(),
      failedText: '일정을 불러오지 못했습니다.',
      emptyText: '이 달에는 일정이 없습니다. 다른 달을 살펴보세요.',
    })
  })

  it.each([
    [390, 844],
    [1280, 800],
  ])('axe finds nothing serious at %ix%i', async (width, height) => {
    const { page } = await browser.device({ width, height })
    await page.clock.install({ time: TODAY })
    await page.goto('/calendar')
    await page.getByRole('link', { name: '실무 React 라이브 Q&A' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })
})
