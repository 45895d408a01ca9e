import { demoAccounts } from '@coursekit/mock-server'
import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { seriousViolations } from './axe.ts'
import { setUpBrowser } from './browser.ts'
import { fillSignIn, onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

describe('accessibility (axe, no serious or critical violation)', () => {
  it.each([
    [390, 844],
    [1280, 800],
  ])('every route signed out at %ix%i: /, /sign/in, the 404 page', async (width, height) => {
    const { page } = await browser.device({ width, height })
    await page.goto('/')
    await page.getByRole('heading', { level: 2, name: '프로그래밍' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/sign/in')
    await page.getByRole('heading', { name: '로그인' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/no/such/page')
    await page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })

  it('signed in, and the check-your-e-mail screen', async () => {
    const { page, errors } = await browser.device()
    await signInAs(page, testLearner('axe'))
    await page.getByRole('heading', { level: 2, name: '프로그래밍' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: '로그아웃' }).click()
    await page.getByRole('link', { name: '로그인' }).waitFor()
    await page.goto('/sign/in')
    await fillSignIn(page, demoAccounts.unconfirmed.email, demoAccounts.unconfirmed.password)
    await page.getByRole('heading', { name: '이메일을 확인해주세요' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    // The sign-in the server refused until the address is confirmed.
    expect(onlyFailedLoads(errors, [400])).toBe(true)
    errors.length = 0
  })
})
