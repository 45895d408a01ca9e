import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { DEMO_PASSWORD, demoAccounts, legacyAccount, type MockBackend } from '@coursekit/mock-server'
import { launchChromium, type Page } from '@coursekit/test-browser'
import { CHROME_WINDOWS, SAFARI_IPHONE } from '@coursekit/testkit'
import { saveLessonProgress } from '../test/course-steps.ts'
import { waitUntilDrawnAsSeen } from './drawn-as-seen.ts'
import { previewApp } from './preview-app.ts'

/**
 * `npm run screenshots`: each route of the built app at a phone (390×844) and a desktop (1280×800)
 * size, into apps/web/screenshots/<route>-<width>.png, for people to look at. Names after `--`
 * (`npm run screenshots -- course lesson`) take only those shots.
 */
const folder = fileURLToPath(new URL('../screenshots/', import.meta.url))
const sizes = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]

interface Shot {
  name: string
  /** Brings the page to what the shot shows. */
  open(page: Page): Promise<void>
  /** The browser the shot poses as, by width (default: the packaged Chromium's own). */
  userAgent?(width: number): string
  /** Only the window, as a person sees a modal over a long page. Default: the whole page. */
  windowOnly?: boolean
}

const learner = demoAccounts.learner
const shots: Shot[] = [
  {
    name: 'home',
    open: async (page) => {
      await page.goto('/')
      await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    },
  },
  {
    name: 'sign-in',
    open: async (page) => {
      await page.goto('/sign/in')
      await page.getByRole('heading', { name: '로그인' }).waitFor()
    },
  },
  {
    name: 'sign-in-wrong-password',
    open: async (page) => {
      await page.goto('/sign/in')
      await signIn(page, learner.email, 'not-the-password')
      await page.getByRole('alert').filter({ hasText: '이메일 또는 비밀번호' }).waitFor()
    },
  },
  {
    name: 'check-email',
    open: async (page) => {
      await page.goto('/sign/in')
      await signIn(page, demoAccounts.unconfirmed.email, DEMO_PASSWORD)
      await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    },
  },
  {
    name: 'home-signed-in',
    open: async (page) => {
      await page.goto('/sign/in')
      await signIn(page, learner.email, DEMO_PASSWORD)
      await page.getByText(`${learner.profile.nickname}님`).waitFor()
      await page.getByRole('heading', { level: 2, name: '인기 강의' }).waitFor()
    },
  },
  {
    name: 'oauth-callback-conflict',
    open: async (page) => {
      await continueWithGoogle(page, legacyAccount.email)
      await page.getByRole('heading', { name: '이미 가입된 이메일입니다' }).waitFor()
    },
  },
  {
    name: 'profile-completion',
    open: async (page) => {
      await page.goto('/sign/in')
      await signIn(page, demoAccounts.incomplete.email, DEMO_PASSWORD)
      await page.getByRole('heading', { name: '회원 정보를 완성해주세요' }).waitFor()
      await page.getByRole('textbox', { name: '닉네임' }).fill('새롬')
      // A number per size: a second code to the same number would wait a minute.
      const width = page.viewportSize()?.width ?? 0
      await page.getByRole('textbox', { name: '휴대폰 번호' }).fill(`010-7300-${String(width).padStart(4, '0')}`)
      await page.getByRole('button', { name: '인증번호 받기' }).click()
      await page.getByRole('textbox', { name: /^인증번호/ }).waitFor()
    },
  },
  {
    name: 'sign-up',
    open: async (page) => {
      await page.goto('/sign/up')
      await page.getByRole('heading', { name: '회원가입' }).waitFor()
    },
  },
  {
    name: 'sign-up-errors',
    open: async (page) => {
      await page.goto('/sign/up')
      await page.getByRole('textbox', { name: '이메일' }).fill('not-an-address')
      await page.getByLabel('비밀번호', { exact: true }).fill('12345')
      await page.getByRole('button', { name: '가입하기' }).click()
      await page.getByText('비밀번호는 6자 이상이어야 합니다.').waitFor()
    },
  },
  {
    name: 'reset-password',
    open: async (page) => {
      await page.goto('/sign/reset-password')
      await page.getByRole('heading', { name: '비밀번호 찾기' }).waitFor()
    },
  },
  {
    name: 'reset-password-sent',
    open: async (page) => {
      await requestReset(page)
    },
  },
  {
    name: 'reset-password-confirm',
    open: async (page) => {
      await page.goto(await requestReset(page))
      await page.getByRole('heading', { name: '새 비밀번호 정하기' }).waitFor()
    },
  },
  {
    name: 'reset-password-link-used',
    open: async (page) => {
      const link = await requestReset(page)
      await page.goto(link)
      await page.getByRole('heading', { name: '새 비밀번호 정하기' }).waitFor()
      await page.goto(link)
      await page.getByRole('heading', { name: '비밀번호 변경 실패' }).waitFor()
    },
  },
  {
    name: 'admin',
    open: async (page) => {
      await page.goto('/sign/in?redirect=%2Fadmin')
      await signIn(page, demoAccounts.admin.email, DEMO_PASSWORD)
      await page.getByRole('heading', { name: '접속 중인 기기' }).waitFor()
      await page.getByRole('listitem').first().waitFor()
    },
  },
  {
    name: 'courses',
    open: async (page) => {
      await page.goto('/courses')
      await page.getByRole('link', { name: /실무 React 완벽 가이드/ }).waitFor()
    },
  },
  {
    name: 'courses-no-match',
    open: async (page) => {
      await page.goto('/courses?q=%EC%97%86%EB%8A%94%20%EA%B0%95%EC%9D%98&category=2')
      await page.getByRole('link', { name: '검색 조건 지우기' }).waitFor()
    },
  },
  {
    name: 'course',
    open: async (page) => {
      await page.goto('/courses/101')
      await page.getByRole('heading', { name: '수강평' }).waitFor()
      await page.getByText('5점 만점에 4.7점').first().waitFor()
    },
  },
  {
    name: 'course-not-found',
    open: async (page) => {
      await page.goto('/courses/999999')
      await page.getByRole('heading', { name: '강의를 찾을 수 없습니다' }).waitFor()
    },
  },
  {
    name: 'my-courses',
    open: async (page) => {
      await page.goto('/sign/in?redirect=%2Fmy%2Fcourses')
      await signIn(page, learner.email, DEMO_PASSWORD)
      await page.waitForURL((url) => url.pathname === '/my/courses')
      // This account watched course 101's first lesson to the end on this device and began its second.
      await saveLessonProgress(page, { 1001: { positionSec: 0, done: true }, 1002: { positionSec: 40, done: false } })
      // The client reads progress when the page loads.
      await page.reload()
      await page.getByRole('link', { name: /이어보기/ }).waitFor()
    },
  },
  {
    name: 'my-courses-empty',
    open: async (page) => {
      await page.goto('/sign/in?redirect=%2Fmy%2Fcourses')
      await signIn(page, learner.email, DEMO_PASSWORD)
      await page.getByText('아직 이 기기에서 시청한 강의가 없습니다', { exact: false }).waitFor()
    },
  },
  {
    name: 'my-devices',
    userAgent: deviceShotAgent,
    open: async (page) => {
      await openMyDevicesWithOthers(page)
    },
  },
  {
    name: 'my-devices-remove',
    userAgent: deviceShotAgent,
    windowOnly: true,
    open: async (page) => {
      await openMyDevicesWithOthers(page)
      await page.getByRole('button', { name: 'Safari · iOS 기기 제거' }).click()
      await page.getByRole('dialog').waitFor()
    },
  },
  {
    name: 'lesson',
    open: async (page) => {
      await page.goto('/sign/in?redirect=%2Fcourses%2F101%2Flessons%2F1002')
      await signIn(page, learner.email, DEMO_PASSWORD)
      await page.waitForURL((url) => url.pathname === '/courses/101/lessons/1002')
      // The first lesson watched to its end on this device, the second paused at 3 s.
      await saveLessonProgress(page, { 1001: { positionSec: 0, done: true }, 1002: { positionSec: 3, done: false } })
      await page.reload()
      await page.getByRole('heading', { name: /컴포넌트를 나누는 기준/ }).waitFor()
      await page.waitForFunction(() => {
        const video = document.querySelector('video')
        return (
          video !== null &&
          video.readyState === 4 &&
          video.networkState !== 2 &&
          video.currentTime > 2.9 &&
          !video.seeking
        )
      })
      // Chromium's controls keep their loading spinner over the frame for a while after the seek to
      // 3 s has ended (it was still there 500 ms on, in every shot), and their shadow tree is closed
      // to the page: nothing to wait on but time. (A window grown to the page's height does not
      // help: the page's main area is at least a window tall, shell.css, so the page grows with it.)
      await page.waitForTimeout(2500)
    },
  },
  {
    name: 'mentors',
    open: async (page) => {
      await page.goto('/mentors')
      await page.getByRole('heading', { level: 2, name: '박준호' }).waitFor()
    },
  },
  {
    name: 'notices',
    open: async (page) => {
      await page.goto('/notices')
      await page.getByRole('link', { name: /동시 접속 기기 제한 안내/ }).waitFor()
    },
  },
  {
    name: 'notice',
    open: async (page) => {
      await page.goto('/notices/301')
      await page.getByRole('heading', { level: 1, name: /동시 접속 기기 제한 안내/ }).waitFor()
    },
  },
  {
    name: 'notice-not-found',
    open: async (page) => {
      await page.goto('/notices/999999')
      await page.getByRole('heading', { name: '공지사항을 찾을 수 없습니다' }).waitFor()
    },
  },
  {
    name: 'calendar',
    open: async (page) => {
      // A fixed day of the sample events' month, so the shot shows today among them.
      await page.clock.setFixedTime(new Date('2026-11-10T03:00:00Z'))
      await page.goto('/calendar')
      await page.getByRole('heading', { level: 2, name: '2026년 11월' }).waitFor()
      await page.getByRole('link', { name: '실무 React 라이브 Q&A' }).waitFor()
    },
  },
  {
    name: 'not-found',
    open: async (page) => {
      await page.goto('/no/such/page')
      await page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' }).waitFor()
    },
  },
]

/**
 * A full-page shot draws what is fixed to the window where the first screen ends: the phone's tab
 * bar would sit over the page's middle. Drawn at the page's end instead, where a person scrolled to
 * the bottom sees it (the shell leaves room for it there). Not a window as tall as the page: the
 * page's main area is at least a window tall (shell.css), so that would push the footer down. Set
 * on the elements: the app's CSP refuses an injected stylesheet.
 */
function drawTabBarAtPageEnd(): void {
  const tabBar = document.querySelector<HTMLElement>('.section-nav')
  if (!tabBar || getComputedStyle(tabBar).position !== 'fixed') return
  // Placed from the top of the header it sits in (sticky, so positioned), which is the page's top.
  const pageHeight = document.documentElement.scrollHeight
  tabBar.style.position = 'absolute'
  tabBar.style.bottom = 'auto'
  tabBar.style.top = `${pageHeight - tabBar.offsetHeight}px`
}

const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'

/** The shot's own browser in /my/devices: Chrome on an Android phone, or on Windows. */
function deviceShotAgent(width: number): string {
  return width < 768
    ? 'Mozilla/5.0 (Linux; Android 14; SM-S921N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
    : CHROME_WINDOWS
}

/** The learner of the my-devices shots, one per size, so each shot shows its own few devices. */
function deviceOwner(width: number) {
  const id = `00000000-0000-4000-8000-${String(width).padStart(12, '0')}`
  return { id, email: `devices-${width}@coursekit.dev` }
}

/**
 * /my/devices of the size's learner with two other devices, registered straight into the backend:
 * an iPhone watching a lesson, seen 3 minutes ago, and a Mac seen 25 minutes ago.
 */
async function openMyDevicesWithOthers(page: Page): Promise<void> {
  const owner = deviceOwner(page.viewportSize()?.width ?? 0)
  const registry = backend().context.devices
  const phone = `${owner.id}_iphone`
  const mac = `${owner.id}_mac`
  registry.register(owner.id, mac, SAFARI_MAC)
  registry.backdate(mac, 25 * 60_000)
  registry.register(owner.id, phone, SAFARI_IPHONE)
  // The browsers of earlier shots are gone; their sessions would only wait for their lease.
  for (const session of registry.list(owner.id))
    if (session.id !== mac && session.id !== phone) registry.end(session.id)
  registry.watch(owner.id, phone, 'video-101-2')
  registry.backdate(phone, 3 * 60_000)
  await page.goto('/sign/in?redirect=%2Fmy%2Fdevices')
  await signIn(page, owner.email, DEMO_PASSWORD)
  await page.waitForURL((url) => url.pathname === '/my/devices')
  await page.getByText('시청 중: 컴포넌트를 나누는 기준').waitFor()
}

/** Asks for a reset mail for the learner (the page shows it was sent); the mail's link. */
async function requestReset(page: Page): Promise<string> {
  // One reset mail a minute per account (the auth server's limit): the last shot's mail is made a minute older.
  const aged = await page.request.post('/__dev/mailbox/backdate', { data: { email: learner.email, ms: 60_000 } })
  if (!aged.ok()) throw new Error(`backdating the learner's mail: ${aged.status()}`)
  await page.goto('/sign/reset-password')
  await page.getByRole('textbox', { name: '이메일' }).fill(learner.email)
  await page.getByRole('button', { name: '재설정 링크 받기' }).click()
  await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
  const mailbox = await page.request.get(`/__dev/mailbox?email=${encodeURIComponent(learner.email)}`)
  const { messages } = (await mailbox.json()) as { messages: { link: string }[] }
  return messages.at(-1)!.link
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: '이메일' }).fill(email)
  await page.getByLabel('비밀번호', { exact: true }).fill(password)
  await page.getByRole('button', { name: '로그인', exact: true }).click()
}

/** Through the mock's Google consent page as `email`, back to /auth/callback. */
async function continueWithGoogle(page: Page, email: string): Promise<void> {
  await page.goto('/sign/in')
  await page.getByRole('button', { name: 'Google 계정으로 로그인' }).click()
  // The sign-in page has an 이메일 box too: fill the consent page's, once it is there.
  await page.waitForURL((url) => url.pathname === '/auth/v1/authorize')
  await page.getByRole('textbox', { name: '이메일' }).fill(email)
  await page.getByRole('button', { name: 'Google 계정으로 계속하기', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/auth/callback')
}

const asked = process.argv.slice(2)
const unknown = asked.filter((name) => !shots.some((shot) => shot.name === name))
if (unknown.length > 0)
  throw new Error(`no such shot: ${unknown.join(', ')} (the shots: ${shots.map((shot) => shot.name).join(', ')})`)
const chosen = asked.length > 0 ? shots.filter((shot) => asked.includes(shot.name)) : shots

// A high device limit: every shot signs the same learner in on a browser of its own.
let running: MockBackend | null = null
const backend = (): MockBackend => {
  if (!running) throw new Error('the backend is not ready')
  return running
}
const app = await previewApp(
  {
    deviceLimit: 100,
    users: sizes.map(({ width }) => ({
      ...deviceOwner(width),
      password: DEMO_PASSWORD,
      profile: { name: '기기관리', nickname: '새봄', phone: `010-7400-${String(width).padStart(4, '0')}` },
    })),
    onReady: (ready) => {
      running = ready
    },
  },
  'node_modules/.cache/web-screenshots-build',
)
try {
  await mkdir(folder, { recursive: true })
  for (const size of sizes) {
    for (const shot of chosen) {
      // A browser per shot: the packaged single-process Chromium shares a tab's storage events
      // with the other contexts, so a signed-in shot would show up in the next one.
      const browser = await launchChromium()
      try {
        const context = await browser.newContext({
          baseURL: app.origin,
          viewport: size,
          locale: 'ko-KR',
          reducedMotion: 'reduce',
          ...(shot.userAgent ? { userAgent: shot.userAgent(size.width) } : {}),
        })
        const page = await context.newPage()
        await shot.open(page)
        await waitUntilDrawnAsSeen(page)
        // Off what the last click pressed, which would show its hover look (the header's padding).
        await page.mouse.move(0, 0)
        const path = `${folder}${shot.name}-${size.width}.png`
        if (!shot.windowOnly) await page.evaluate(drawTabBarAtPageEnd)
        await page.screenshot({ path, fullPage: !shot.windowOnly })
        process.stdout.write(`${path}\n`)
        await page.goto('about:blank')
      } finally {
        await browser.close()
      }
    }
  }
} finally {
  await app.close()
}
