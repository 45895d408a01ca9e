import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { AUTUMN_SALE_DAY, courseCards, saveLessonProgress } from './course-steps.ts'
import { fillSignIn, onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()
const path = (url: string) => {
  const { pathname, search } = new URL(url)
  return decodeURIComponent(pathname + search)
}

describe('the catalogue (/courses)', () => {
  it('search waits for a pause in typing and lives in the URL; categories are links; back and forward restore both', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.clock.install({ time: AUTUMN_SALE_DAY })
    await page.goto('/courses')
    await courseCards(page).nth(6).waitFor()
    expect(await courseCards(page).count()).toBe(7)
    // The page's time stands still from here, so only runFor moves it, however slow the machine.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
    const search = page.getByRole('searchbox', { name: '강의 검색' })

    // A key before the pause is over starts the wait again: 499 ms since the first key, 299 since the last.
    await search.fill('이서')
    await page.clock.runFor(200)
    await search.fill('이서연')
    await page.clock.runFor(299)
    expect(path(page.url())).toBe('/courses')
    await page.clock.runFor(1)
    await page.waitForURL((url) => url.searchParams.get('q') === '이서연')
    await page.getByText('강의 2개').waitFor()
    expect(await courseCards(page).allInnerTexts()).toEqual([
      expect.stringContaining('파이썬으로 시작하는 데이터 분석'),
      expect.stringContaining('현업 SQL 마스터 클래스'),
    ])

    const category = page.getByRole('navigation', { name: '분야' }).getByRole('link', { name: '데이터 분석' })
    await category.click()
    await page.waitForURL((url) => url.searchParams.get('category') === '2')
    // The URL changes first, then the links render with the new category.
    await expect.poll(() => category.getAttribute('aria-current')).toBe('page')
    // Latin letters in any case.
    await search.fill('sql')
    await page.clock.runFor(300)
    await page.getByText('강의 1개').waitFor()
    expect(path(page.url())).toBe('/courses?q=sql&category=2')
    expect(await courseCards(page).textContent()).toContain('현업 SQL 마스터 클래스')

    // Refining a search replaces its entry: back goes to before the category was chosen.
    await page.goBack()
    await page.waitForURL((url) => !url.searchParams.has('category'))
    expect(path(page.url())).toBe('/courses?q=이서연')
    expect(await search.inputValue()).toBe('이서연')
    await page.getByText('강의 2개').waitFor()
    await page.goBack()
    await page.waitForURL((url) => url.search === '')
    await page.getByText('강의 7개').waitFor()
    expect(await search.inputValue()).toBe('')
    await page.goForward()
    await page.getByText('강의 2개').waitFor()
    expect(await search.inputValue()).toBe('이서연')
  })

  it('finds a course by its initial consonants (초성) and whatever the spacing, from the box or a ?q= link', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    const box = page.getByRole('searchbox', { name: '강의 검색' })
    const titles = async () => (await courseCards(page).allInnerTexts()).map((card) => card.split('\n')[0])
    /** Searches from the box: the titles it finds (waited for: the list follows the URL). */
    const search = async (query: string, expected: string[]) => {
      await box.fill(query)
      await box.press('Enter')
      await page.waitForURL((url) => url.searchParams.get('q') === query)
      await expect.poll(async () => [query, await titles()]).toEqual([query, expected])
      await page.getByText(`강의 ${expected.length}개`).waitFor()
    }
    // The header's search sends people here as /courses?q=<text>.
    await page.goto(`/courses?q=${encodeURIComponent('ㄹㅇㅌ')}`)
    await page.getByText('강의 1개').waitFor()
    expect(await box.inputValue()).toBe('ㄹㅇㅌ')
    expect(await titles()).toEqual(['실무 React 완벽 가이드'])
    await search('ㅊㅇㅁㄴㄴ', ['처음 만나는 자바스크립트'])
    await search('ㅊㅇ ㅁㄴㄴ', ['처음 만나는 자바스크립트'])
    await search('ㄷㅇㅌㅂㅅ', ['파이썬으로 시작하는 데이터 분석'])
    await search('데이터분석', ['파이썬으로 시작하는 데이터 분석'])
    await search('처음만나는 자바 스크립트', ['처음 만나는 자바스크립트'])
    // Initials of no course's syllables in a row.
    await search('ㅋㅋㅋ', [])
  })

  it('nothing matches: says so and clears the search in one step', async () => {
    const { page } = await browser.device()
    await page.goto('/courses?q=%EC%97%86%EB%8A%94%20%EA%B0%95%EC%9D%98&category=3')
    await page.getByText('‘없는 강의’에 맞는 강의가 없습니다.').waitFor()
    await page.getByRole('link', { name: '검색 조건 지우기' }).click()
    await page.getByText('강의 7개').waitFor()
    expect(path(page.url())).toBe('/courses')
    expect(await page.getByRole('searchbox', { name: '강의 검색' }).inputValue()).toBe('')
  })

  it("the home banner's sale link shows the courses on sale", async () => {
    const { page } = await browser.device()
    await page.goto('/')
    await page.getByRole('link', { name: /가을 맞이 전 강의 최대 40% 할인/ }).click()
    await page.getByRole('heading', { level: 1, name: '할인 중인 강의' }).waitFor()
    await page.getByText('강의 5개').waitFor()
    const texts = await courseCards(page).allInnerTexts()
    expect(texts.some((card) => card.includes('처음 만나는 자바스크립트'))).toBe(false)
    expect(texts.some((card) => card.includes('현업 SQL 마스터 클래스'))).toBe(false)
  })

  it('no answer from the server: the offline banner, whose retry brings the courses', async () => {
    const { page, errors } = await browser.device()
    const courses = (url: URL) => url.pathname === '/api/v2/courses'
    await page.route(courses, (route) => route.abort('internetdisconnected'))
    await page.goto('/courses')
    const banner = page.getByRole('alert').filter({ hasText: '서버에 연결할 수 없습니다' })
    await banner.waitFor()
    await page.unroute(courses)
    await banner.getByRole('button', { name: '다시 시도' }).click()
    await page.getByText('강의 7개').waitFor()
    expect(await banner.count()).toBe(0)
    expect(errors.every((error) => error.includes('net::ERR_INTERNET_DISCONNECTED'))).toBe(true)
    errors.length = 0
  })

  it("a 5xx: the client's toast, and the list offers a retry", async () => {
    const { page, errors } = await browser.device()
    await page.route('**/api/v2/courses?*', (route) =>
      route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: '잠시 후 다시 시도해주세요.' } }),
    )
    await page.goto('/courses')
    await page.getByText('잠시 후 다시 시도해주세요.').waitFor()
    await page.getByText('강의 목록을 불러오지 못했습니다.').waitFor()
    expect(onlyFailedLoads(errors, [503])).toBe(true)
    errors.length = 0
  })
})

describe('a course (/courses/:courseId)', () => {
  it('found by search, opened: curriculum, mentor, reviews and the codes for it; 시작하기 opens the first lesson', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.clock.install({ time: AUTUMN_SALE_DAY })
    await page.goto('/courses')
    await page.getByRole('searchbox', { name: '강의 검색' }).fill('React')
    await page.getByRole('searchbox', { name: '강의 검색' }).press('Enter')
    await page.getByText('강의 1개').waitFor()
    await courseCards(page).getByRole('link').click()

    await page.getByRole('heading', { level: 1, name: '실무 React 완벽 가이드' }).waitFor()
    expect(await page.title()).toBe('실무 React 완벽 가이드 | 코스킷')
    const info = page.getByRole('complementary', { name: '수강 정보' })
    expect(await info.textContent()).toMatch(/31%\s*₩89,000\s*정가\s*₩129,000/)

    const curriculum = page.getByRole('region', { name: '커리큘럼' })
    await curriculum.getByRole('listitem').nth(3).waitFor()
    const rows = await curriculum.getByRole('listitem').allInnerTexts()
    expect(rows[0]).toMatch(/^1\s+오리엔테이션: 이 강의에서 만들 것\s+미리보기/)
    expect(rows[0]).toMatch(/\d+:\d\d/)
    expect(rows[1]).toContain('로그인 후 시청')
    expect(await curriculum.textContent()).toMatch(/수업 4개 · 총 \d+:\d\d/)

    const mentor = page.getByRole('region', { name: '멘토 소개' })
    expect(await mentor.textContent()).toContain('박준호')
    expect(await mentor.getByRole('link').getAttribute('href')).toBe('/mentors#mentor-1')

    const codes = page.getByRole('region', { name: '사용할 수 있는 할인 코드' })
    await codes.getByText('AUTUMN40').waitFor()
    expect(await codes.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('WELCOME10'),
      expect.stringContaining('AUTUMN40'),
    ])

    const reviews = page.getByRole('region', { name: '수강평' })
    await reviews.getByRole('img', { name: '5점 만점에 4.7점' }).waitFor()
    expect(await reviews.getByRole('listitem').count()).toBe(3)
    expect(await reviews.getByRole('img', { name: '5점 만점에 4점' }).count()).toBe(1)

    await info.getByRole('link', { name: '시작하기' }).click()
    await page.waitForURL((url) => url.pathname === '/courses/101/lessons/1001')
  })

  it('a code that expires while the page is open goes when it does (the client clock)', async () => {
    const { page } = await browser.device()
    // The autumn code ends at 2026-11-30 23:59:59 KST.
    const expiry = Date.parse('2026-11-30T23:59:59+09:00')
    await page.clock.install({ time: expiry - 120_000 })
    await page.goto('/courses/101')
    const codes = page.getByRole('region', { name: '사용할 수 있는 할인 코드' })
    await codes.getByText('AUTUMN40').waitFor()
    const pausedAt = (await page.evaluate(() => Date.now())) + 1_000
    await page.clock.pauseAt(pausedAt)
    await page.clock.runFor(expiry - pausedAt - 1)
    expect(await codes.getByText('AUTUMN40').count()).toBe(1)
    await page.clock.runFor(1)
    await codes.getByText('AUTUMN40').waitFor({ state: 'detached' })
    expect(await codes.getByText('WELCOME10').count()).toBe(1)
  })

  it("the main button follows this device's progress: 이어보기 to the first lesson not done, 완료 on finished lessons, 복습하기 when all are", async () => {
    const { page, context } = await browser.device()
    await signInAs(page, testLearner('courses-progress'))
    await saveLessonProgress(page, { 1005: { positionSec: 0, done: true }, 1006: { positionSec: 12, done: false } })
    await page.goto('/courses/102')
    const info = page.getByRole('complementary', { name: '수강 정보' })
    const resume = info.getByRole('link', { name: '이어보기' })
    await resume.waitFor()
    expect(await resume.getAttribute('href')).toBe('/courses/102/lessons/1006')
    expect(await info.textContent()).toContain('3개 중 1개 완료')
    const rows = page.getByRole('region', { name: '커리큘럼' }).getByRole('listitem')
    await rows.nth(2).waitFor()
    expect(await rows.nth(0).textContent()).toContain('완료')
    expect(await rows.nth(1).textContent()).not.toContain('완료')

    const { page: finished } = await browser.tab(context)
    await finished.goto('/')
    await saveLessonProgress(finished, {
      1005: { positionSec: 0, done: true },
      1006: { positionSec: 0, done: true },
      1007: { positionSec: 0, done: true },
    })
    await finished.goto('/courses/102')
    const review = finished.getByRole('complementary', { name: '수강 정보' }).getByRole('link', { name: '복습하기' })
    await review.waitFor()
    expect(await review.getAttribute('href')).toBe('/courses/102/lessons/1005')
  })

  it('signed out, a lesson that is not a preview asks for sign-in and comes back to it', async () => {
    const learner = testLearner('courses-return')
    const { page } = await browser.device()
    await page.goto('/courses/101')
    const curriculum = page.getByRole('region', { name: '커리큘럼' })
    await curriculum.getByRole('link', { name: /컴포넌트를 나누는 기준/ }).click()
    await page.waitForURL((url) => url.pathname === '/sign/in')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/courses/101/lessons/1002')
    await fillSignIn(page, learner.email, learner.password)
    await page.waitForURL((url) => url.pathname === '/courses/101/lessons/1002')
  })

  it('a course that does not exist: a 404 state that leads back to the catalogue', async () => {
    const { page, errors } = await browser.device()
    await page.goto('/courses/999999')
    await page.getByRole('heading', { level: 1, name: '강의를 찾을 수 없습니다' }).waitFor()
    await page.getByRole('link', { name: '전체 강의 보기' }).click()
    await page.getByText('강의 7개').waitFor()
    expect(onlyFailedLoads(errors, [404])).toBe(true)
    errors.length = 0
  })

  it("a section that fails (5xx) says so with a retry and the client's toast; the rest of the course shows", async () => {
    const { page, errors } = await browser.device()
    const reviews = (url: URL) => url.pathname === '/api/v2/course-reviews'
    await page.route(reviews, (route) =>
      route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: '잠시 후 다시 시도해주세요.' } }),
    )
    await page.goto('/courses/101')
    await page.getByText('잠시 후 다시 시도해주세요.').waitFor()
    const section = page.getByRole('region', { name: '수강평' })
    await section.getByText('수강평을 불러오지 못했습니다.').waitFor()
    expect(await page.getByRole('region', { name: '커리큘럼' }).getByRole('listitem').count()).toBe(4)
    await page.unroute(reviews)
    await section.getByRole('button', { name: '다시 시도' }).click()
    await section.getByRole('listitem').nth(2).waitFor()
    expect(onlyFailedLoads(errors, [503])).toBe(true)
    errors.length = 0
  })

  it('no answer for the curriculum: the offline banner, whose retry brings it', async () => {
    const { page, errors } = await browser.device()
    const lessons = (url: URL) => url.pathname === '/api/v2/lessons'
    await page.route(lessons, (route) => route.abort('internetdisconnected'))
    await page.goto('/courses/101')
    const banner = page.getByRole('alert').filter({ hasText: '서버에 연결할 수 없습니다' })
    await banner.waitFor()
    await page.unroute(lessons)
    await banner.getByRole('button', { name: '다시 시도' }).click()
    await page.getByRole('region', { name: '커리큘럼' }).getByRole('listitem').nth(3).waitFor()
    expect(await banner.count()).toBe(0)
    expect(errors.every((error) => error.includes('net::ERR_INTERNET_DISCONNECTED'))).toBe(true)
    errors.length = 0
  })

  it('keyboard alone: from the search box to a course and its first lesson', async () => {
    const { page } = await browser.device({ width: 1280, height: 800 })
    await page.goto('/courses')
    await page.getByText('강의 7개').waitFor()
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
      )
    const tabUntil = async (matches: (label: string) => boolean) => {
      for (let presses = 0; presses < 30; presses++) {
        await page.keyboard.press('Tab')
        if (matches(await focused())) return
      }
      throw new Error('never reached by Tab')
    }
    const searchFocused = () =>
      page.evaluate(() => document.activeElement === document.querySelector('input[type=search]'))
    for (let presses = 0; presses < 30 && !(await searchFocused()); presses++) await page.keyboard.press('Tab')
    expect(await searchFocused()).toBe(true)
    await page.keyboard.type('sql')
    await page.keyboard.press('Enter')
    await page.getByText('강의 1개').waitFor()
    await tabUntil((label) => label.includes('현업 SQL 마스터 클래스'))
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: '현업 SQL 마스터 클래스' }).waitFor()
    await tabUntil((label) => label === '시작하기')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/courses/104/lessons/1011')
  })
})
