import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpDesktop } from './desktop-browser.ts'
import { expectProxiedToApi } from './desktop-steps.ts'
import { openLesson } from './lesson-player-steps.ts'
import { clickAndSave } from './materials-steps.ts'
import { fillSignIn, signInAs } from './sign-in-steps.ts'

const desktop = setUpDesktop()

describe("the learner app in the desktop wrapper (Chromium, the wrapper's bridge): native commands that fail", () => {
  it('a token store that refuses at sign-in: 인증 정보 저장에 실패했습니다, the token still never in web storage, the next start signed out', async () => {
    const learner = testLearner('desktop-store-fails')
    const device = await desktop.device()
    const { page, host } = device
    host.failWhen('save_auth_token', () => true, 'the keychain is locked')
    await page.goto('/sign/in')
    await fillSignIn(page, learner.email, learner.password)
    await page.getByText('인증 정보 저장에 실패했습니다').first().waitFor()
    expect(host.log.filter((entry) => entry.command === 'failed').length).toBeGreaterThan(0)
    expect(host.tokens.size).toBe(0)
    await desktop.expectNoTokenInPages(device)

    // Nothing was kept, so the app opened again is signed out, and says nothing went wrong.
    host.recover()
    await page.reload()
    await page.getByRole('link', { name: '로그인' }).waitFor()
    expect(await page.getByText(`${learner.nickname}님`).count()).toBe(0)
    expectProxiedToApi(host, desktop.apiOrigin)
  })

  it('a server the proxy cannot reach: 수업 자료 받기 shows the offline banner; once it answers, 다시 시도 saves the file', async () => {
    const learner = testLearner('desktop-offline')
    const device = await desktop.device()
    const { page, host } = device
    await signInAs(page, learner)
    await openLesson(page, '/courses/101/lessons/1002')
    host.failWhen('proxy', (args) => String(args.url).endsWith('/materials'), 'connection refused')
    await page.getByRole('button', { name: '수업 자료 받기' }).click()
    const offline = page.getByRole('alert').filter({ hasText: '서버에 연결할 수 없습니다.' })
    await offline.waitFor()
    host.recover()
    const saved = await clickAndSave(page, offline.getByRole('button', { name: '다시 시도' }))
    expect(saved.filename).toBe('2강 수업 자료.pdf')
    await offline.waitFor({ state: 'detached' })
    expect(host.proxied('/api/v2/lessons/1002/materials').map((entry) => entry.status)).toEqual([200])
    expectProxiedToApi(host, desktop.apiOrigin)
  })
})
