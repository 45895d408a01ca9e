import { describe, expect, it } from 'vitest'
import { testLearner } from '../accounts.ts'
import { setUpWebKit, WEBKIT_JOURNEY } from './webkit-browser.ts'
import {
  chooseFromProfileMenu,
  fillSignIn,
  openDialog,
  serverDevices,
  sessionIdOf,
  signInAs,
  untilDialog,
  untilNoDialog,
} from './webkit-steps.ts'

const webkit = setUpWebKit()

describe('devices in WebKitGTK', WEBKIT_JOURNEY, () => {
  it('one device too many: the limit dialog lists the devices with the oldest chosen; removing it lets this one in', async () => {
    const learner = testLearner('webkit-limit')
    const oldest = await webkit.device()
    await signInAs(oldest, learner)
    const second = await webkit.device()
    await signInAs(second, learner)
    const [oldestId, secondId] = [await sessionIdOf(oldest), await sessionIdOf(second)]

    const third = await webkit.device()
    await third.goto('/sign/in')
    await fillSignIn(third, learner.email, learner.password)
    await untilDialog(third, '최대 기기 수에 도달했습니다.')
    const dialog = await openDialog(third)
    expect(dialog?.radios).toHaveLength(2)
    expect(dialog?.radios.filter((radio) => radio.checked)).toHaveLength(1)
    expect(dialog?.radios[0]).toMatchObject({
      checked: true,
      label: expect.stringContaining('가장 먼저 로그인한 기기'),
    })
    // Focus starts on the chosen device, so Enter or Space acts on it (WebKit's <dialog> focus rules differ from Chromium's).
    expect(await third.evaluate<boolean>('return document.activeElement?.checked === true')).toBe(true)

    await third.click('선택한 기기 제거', '//dialog')
    await third.untilText('기기가 성공적으로 제거되었습니다')
    await untilNoDialog(third)
    await third.untilText(`${learner.nickname}님`)
    const listed = (await serverDevices(third)).map((item) => item.device.sessionId)
    expect(listed.sort()).toEqual([secondId, await sessionIdOf(third)].sort())
    expect(listed).not.toContain(oldestId)
  })

  it('/my/devices from the menu lists this device, marked as this one, as WebKit on Linux', async () => {
    const device = await webkit.device()
    const learner = testLearner('webkit-devices')
    await signInAs(device, learner)
    await chooseFromProfileMenu(device, `${learner.nickname}님`, '기기 관리')
    await device.untilPath('/my/devices', (path) => path === '/my/devices')
    await device.until('the list to be read', () =>
      device.evaluate<boolean>(
        'return document.querySelector("[data-testid=devices-fetched]")?.textContent.includes("불러옴") ?? false',
      ),
    )
    // Each row is named by its heading (browser · OS), as the Chromium test reads it by role.
    const rows = await device.evaluate<{ name: string; text: string }[]>(`
      return [...document.querySelectorAll('ul[aria-labelledby=my-devices-list] > li')].map((row) => ({
        name: document.getElementById(row.getAttribute('aria-labelledby'))?.textContent ?? '',
        text: row.innerText,
      }))
    `)
    expect(rows).toHaveLength(1)
    // MiniBrowser says it is Safari on X11 Linux, as WebKitGTK browsers do (and Tauri's WebView on Linux).
    expect(rows[0]?.name).toBe('Safari · Linux이 기기')
    expect(rows[0]?.text).toMatch(/^Safari · Linux\n이 기기\n데스크톱 · 마지막 접속 (지금|\d+초 전)/)
    expect(rows[0]?.text).toContain('시청하지 않음')
  })
})
