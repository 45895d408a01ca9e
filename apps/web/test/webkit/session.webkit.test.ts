import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { describe, expect, it } from 'vitest'
import { testLearner } from '../accounts.ts'
import { setUpWebKit, WEBKIT_JOURNEY } from './webkit-browser.ts'
import { chooseFromProfileMenu, fillSignIn, signInAs } from './webkit-steps.ts'

const webkit = setUpWebKit()

/** Every place a page keeps data a script can read, with the token's value searched in each. */
const STORES = `
  const everything = [document.cookie]
  for (const store of [localStorage, sessionStorage])
    for (let i = 0; i < store.length; i++) everything.push(store.key(i) + '=' + store.getItem(store.key(i)))
  return everything.join('\\n')
`

describe('the session in WebKitGTK (Safari, Tauri on Linux)', WEBKIT_JOURNEY, () => {
  it('the demo learner signs in from the home page and the header shows the nickname', async () => {
    const { learner: demo } = demoAccounts
    const device = await webkit.device()
    await device.goto('/')
    await device.click('로그인')
    await device.untilPath('/sign/in', (path) => path === '/sign/in')
    await fillSignIn(device, demo.email, DEMO_PASSWORD)
    await device.untilPath('/', (path) => path === '/')
    await device.untilText(`${demo.profile.nickname}님`)
    // Signed in, the greeting's menu holds what needs a sign-in.
    await device.click(`${demo.profile.nickname}님`, '//header')
    await device.untilText('내 강의실')
  })

  it("the home page's pictures (WebP) decode in WebKit, each in its 16:9 box", async () => {
    const device = await webkit.device()
    await device.goto('/')
    await device.untilText('인기 강의')
    const pictures = `
      const images = [...document.querySelectorAll('main img')]
      return images.map((image) => [image.alt, image.complete, image.naturalWidth, image.naturalHeight])
    `
    await device.until("the first screen's pictures to load", async () => {
      const loaded = await device.evaluate<[string, boolean, number, number][]>(pictures)
      return loaded.filter(([, complete, width]) => complete && width > 0).length >= 7
    })
    const seen = await device.evaluate<[string, boolean, number, number][]>(pictures)
    // The three banners (800×256) and the 인기 강의 shelf's four courses (640×360) are eager.
    expect(seen.filter(([, , width, height]) => width === 800 && height === 256)).toHaveLength(3)
    expect(
      seen.filter(([alt, , width, height]) => alt !== '' && width === 640 && height === 360).length,
    ).toBeGreaterThanOrEqual(4)
  })

  it('sign-out goes home signed out, with the token gone from cookies and web storage', async () => {
    const learner = testLearner('webkit-logout')
    const device = await webkit.device()
    await signInAs(device, learner, '/sign/in?redirect=%2Fcourses')
    await device.untilPath('/courses', (path) => path === '/courses')
    const token = await device.evaluate<string | null>('return localStorage.getItem("auth_token")')
    expect(token).toMatch(/^ey/)
    expect(await device.evaluate<string>(STORES)).toContain(token)
    // The spec's cookie is set on this http origin too (WebKit's cookie rules are not Chromium's).
    expect(await device.evaluate<string>('return document.cookie')).toContain(`auth_token=${token}`)

    await chooseFromProfileMenu(device, `${learner.nickname}님`, '로그아웃')
    await device.untilPath('/', (path) => path === '/')
    await device.until('the 로그인 link', async () => (await device.text()).includes('로그인'))
    expect(await device.text()).not.toContain(`${learner.nickname}님`)
    expect(await device.evaluate<string>(STORES)).not.toContain(token)
    expect(await device.evaluate<string>('return document.cookie')).not.toContain('auth_token=')
  })
  it('sign-out in one tab signs out the other', async () => {
    const learner = testLearner('webkit-tabs')
    const device = await webkit.device()
    await signInAs(device, learner)
    const first = await device.driver.getWindowHandle()
    await device.driver.switchTo().newWindow('tab')
    const second = await device.driver.getWindowHandle()
    await device.goto('/')
    await device.untilText(`${learner.nickname}님`)

    await device.driver.switchTo().window(first)
    await chooseFromProfileMenu(device, `${learner.nickname}님`, '로그아웃')
    await device.until(
      'this tab to be signed out',
      async () => !(await device.text()).includes(`${learner.nickname}님`),
    )
    await device.driver.switchTo().window(second)
    await device.until(
      'the other tab to be signed out',
      async () => !(await device.text()).includes(`${learner.nickname}님`),
    )
    expect(await device.text()).toContain('로그인')
  })
})
