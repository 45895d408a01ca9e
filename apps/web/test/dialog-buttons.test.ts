import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { fillSignIn, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()

/** The dialog's two buttons as drawn, and the dialog's own box. */
async function layoutOf(dialog: Locator, way: string, action: string) {
  const [wayOut, primary, box] = await Promise.all([
    dialog.getByRole('button', { name: way, exact: true }).boundingBox(),
    dialog.getByRole('button', { name: action, exact: true }).boundingBox(),
    dialog.boundingBox(),
  ])
  if (!wayOut || !primary || !box) throw new Error('a button or the dialog is not drawn')
  return { wayOut, primary, box }
}

/**
 * Every dialog lays its buttons out one way: on a desktop side by side at the right, the way out
 * left of the action; on a phone stacked full width, the action under the way out.
 */
async function expectOneLayout(page: Page, dialog: Locator, way: string, action: string) {
  await page.setViewportSize({ width: 1280, height: 800 })
  const wide = await layoutOf(dialog, way, action)
  expect(wide.primary.y).toBeCloseTo(wide.wayOut.y, 0)
  expect(wide.primary.x).toBeGreaterThan(wide.wayOut.x + wide.wayOut.width - 1)
  // At the right: the action ends where the dialog's content does (its 24 px padding).
  expect(wide.box.x + wide.box.width - (wide.primary.x + wide.primary.width)).toBeCloseTo(24, 0)

  await page.setViewportSize({ width: 390, height: 844 })
  const narrow = await layoutOf(dialog, way, action)
  expect(narrow.primary.x).toBeCloseTo(narrow.wayOut.x, 0)
  expect(narrow.primary.width).toBeCloseTo(narrow.wayOut.width, 0)
  expect(narrow.primary.width).toBeCloseTo(narrow.box.width - 48, 0)
  expect(narrow.primary.y).toBeGreaterThan(narrow.wayOut.y + narrow.wayOut.height - 1)
}

describe('dialog buttons', () => {
  it('the device-limit dialog and the remove-device confirm lay their buttons out the same way at both sizes', async () => {
    const learner = testLearner('dialog-layout')
    const first = await browser.device()
    await signInAs(first.page, learner)
    const second = await browser.device()
    await signInAs(second.page, learner)

    const third = await browser.device({ width: 1280, height: 800 })
    await third.page.goto('/sign/in')
    await fillSignIn(third.page, learner.email, learner.password)
    const limit = third.page.getByRole('dialog', { name: '최대 기기 수에 도달했습니다.' })
    await limit.waitFor()
    await expectOneLayout(third.page, limit, '닫기', '선택한 기기 제거')
    third.errors.length = 0

    await second.page.goto('/my/devices')
    await second.page.getByTestId('devices-fetched').filter({ hasText: '불러옴' }).waitFor()
    await second.page.getByRole('button', { name: '이 기기 제거' }).click()
    const confirm = second.page.getByRole('dialog', { name: '이 기기를 제거할까요?' })
    await confirm.waitFor()
    await expectOneLayout(second.page, confirm, '취소', '제거하고 로그아웃')
  })
})
