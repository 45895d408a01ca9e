import { Key } from '@coursekit/test-browser'
import type { TestLearner } from '../accounts.ts'
import type { WebKitDevice } from './webkit-browser.ts'

/**
 * The journeys' steps over WebDriver, the same steps as the Chromium ones (sign-in-steps.ts,
 * lesson-player-steps.ts, device-steps.ts) which take a Playwright page.
 */

/** Fills the sign-in form and submits it with the pointer. */
export async function fillSignIn(device: WebKitDevice, email: string, password: string): Promise<void> {
  await device.until('the sign-in form', async () =>
    device.evaluate<boolean>('return document.querySelector("input[name=email]") !== null'),
  )
  await device.type('input[name=email]', email)
  await device.type('input[name=password]', password)
  await device.click('로그인', '//form')
}

/** Signs `learner` in from `path` and waits until they are sent on and the header greets them. */
export async function signInAs(device: WebKitDevice, learner: TestLearner, path = '/sign/in'): Promise<void> {
  await device.goto(path)
  await fillSignIn(device, learner.email, learner.password)
  await device.untilPath('off /sign/', (path) => !path.startsWith('/sign/'))
  await device.untilText(`${learner.nickname}님`)
}

/** Opens the header's profile menu (the button that greets `greeting`) and chooses `item`. */
export async function chooseFromProfileMenu(device: WebKitDevice, greeting: string, item: string): Promise<void> {
  await device.click(greeting, '//header')
  await device.click(item, '//*[@role="menu"]')
}

/** Where the video is, in seconds, and whether it is paused. */
export function playback(device: WebKitDevice): Promise<{ time: number; paused: boolean }> {
  return device.evaluate(
    'const video = document.querySelector("video"); return { time: video.currentTime, paused: video.paused }',
  )
}

/** Opens a lesson and waits until its video knows its length (the page is ready to play). */
export async function openLesson(device: WebKitDevice, path: string): Promise<void> {
  await device.goto(path)
  await device.until('the video to know its length', () =>
    device.evaluate<boolean>('return (document.querySelector("video")?.readyState ?? 0) >= 1'),
  )
}

/** Plays with the keyboard, as a person would: focus on the video, Space. */
export async function playWithKeyboard(device: WebKitDevice): Promise<void> {
  await device.evaluate('document.querySelector("video").focus()')
  await device.driver.actions().sendKeys(Key.SPACE).perform()
}

/** Waits until the video really plays: its time moves past `seconds` and it is not paused. */
export async function playedPast(device: WebKitDevice, seconds: number): Promise<void> {
  await device.until(`the video to play past ${seconds} s`, async () => {
    const { time, paused } = await playback(device)
    return !paused && time > seconds
  })
}

export async function pausedNow(device: WebKitDevice): Promise<void> {
  await device.until('the video to pause', async () => (await playback(device)).paused)
}

interface ServerDevice {
  id: string
  isOldest: boolean
  device: { sessionId: string; userAgent: string; isWatchingVideo: boolean; videoId: string | null }
}

/** The learner's devices as the server lists them, asked with this device's token (spec §3). */
export async function serverDevices(device: WebKitDevice): Promise<ServerDevice[]> {
  const body = await device.driver.executeAsyncScript<string>(`
    const done = arguments[arguments.length - 1]
    fetch('/api/v2/session-tracker/sessions', {
      headers: { authorization: 'Bearer ' + localStorage.getItem('auth_token') },
    }).then((response) => response.text()).then(done, (error) => done(String(error)))
  `)
  return (JSON.parse(body) as { sessions: ServerDevice[] }).sessions
}

/** This device's session id, as the client keeps it (local storage `session_id`). */
export function sessionIdOf(device: WebKitDevice): Promise<string | null> {
  return device.evaluate<string | null>('return localStorage.getItem("session_id")')
}

/** Waits until the server counts this device as watching a video (`videoId` when given) and returns its id. */
export async function watchAccepted(device: WebKitDevice, videoId?: string): Promise<string> {
  const sessionId = await sessionIdOf(device)
  let watched: string | null = null
  await device.until(`the server to count this device as watching ${videoId ?? 'a video'}`, async () => {
    const own = (await serverDevices(device)).find((listed) => listed.device.sessionId === sessionId)
    watched = own?.device.isWatchingVideo ? own.device.videoId : null
    return watched !== null && (videoId === undefined || watched === videoId)
  })
  return watched as unknown as string
}

/** The open dialog's title, text and radios, as the page shows them (null when none is open). */
export function openDialog(device: WebKitDevice): Promise<{
  title: string
  text: string
  radios: { label: string; checked: boolean }[]
} | null> {
  return device.evaluate(`
    const dialog = document.querySelector('dialog[open]')
    if (!dialog) return null
    const labelledBy = dialog.getAttribute('aria-labelledby')
    const title = labelledBy ? document.getElementById(labelledBy)?.textContent ?? '' : dialog.getAttribute('aria-label') ?? ''
    const radios = [...dialog.querySelectorAll('input[type=radio]')].map((radio) => ({
      label: radio.closest('label')?.innerText ?? '',
      checked: radio.checked,
    }))
    return { title, text: dialog.innerText, radios }
  `)
}

export async function untilDialog(device: WebKitDevice, title: string): Promise<void> {
  await device.until(`the dialog "${title}"`, async () => (await openDialog(device))?.title === title)
}

export async function untilNoDialog(device: WebKitDevice): Promise<void> {
  await device.until('the dialog to close', async () => (await openDialog(device)) === null)
}
