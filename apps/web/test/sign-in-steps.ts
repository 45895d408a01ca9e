import type { Page } from 'playwright-core'
import type { TestLearner } from './accounts.ts'

/** Fills the sign-in form and submits it with the mouse. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: '이메일' }).fill(email)
  await page.getByLabel('비밀번호', { exact: true }).fill(password)
  await page.getByRole('button', { name: '로그인', exact: true }).click()
}

/** Signs `learner` in from /sign/in and waits until they are sent on and the header greets them. */
export async function signInAs(page: Page, learner: TestLearner, path = '/sign/in'): Promise<void> {
  await page.goto(path)
  await fillSignIn(page, learner.email, learner.password)
  await page.waitForURL((url) => !url.pathname.startsWith('/sign/'))
  await page.getByText(`${learner.nickname}님`).waitFor()
}

/** Console lines of requests the test made fail on purpose (a refused sign-in, a 401, a 5xx). */
export function onlyFailedLoads(errors: string[], statuses: number[]): boolean {
  const pattern = new RegExp(`Failed to load resource: .* (${statuses.join('|')}) `)
  return errors.every((error) => pattern.test(error))
}

/**
 * Fills the sign-up form (address, password twice), ticks 전체 동의 unless told not to, and submits
 * it with the mouse.
 */
export async function fillSignUp(
  page: Page,
  email: string,
  password: string,
  options: { consent?: boolean } = {},
): Promise<void> {
  await page.getByRole('textbox', { name: '이메일' }).fill(email)
  await page.getByLabel('비밀번호', { exact: true }).fill(password)
  await page.getByLabel('비밀번호 확인').fill(password)
  if (options.consent ?? true) await page.getByRole('checkbox', { name: '전체 동의' }).check()
  await page.getByRole('button', { name: '가입하기' }).click()
}
