import { describe, expect, it } from 'vitest'
import { testLearner } from './accounts.ts'
import { setUpBrowser } from './browser.ts'
import { openLesson } from './lesson-player-steps.ts'
import { clickAndSave, isMaterialsPdf } from './materials-steps.ts'
import { onlyFailedLoads, signInAs } from './sign-in-steps.ts'

const browser = setUpBrowser()
const MATERIALS = /\/api\/v2\/lessons\/\d+\/materials$/

describe('수업 자료 받기 on the lesson page', () => {
  it("a preview lesson's materials signed out: saved as 1강 수업 자료.pdf, the server's bytes", async () => {
    const { page, context } = await browser.device({ width: 1280, height: 800 })
    await openLesson(page, '/courses/101/lessons/1001')
    const saved = await clickAndSave(page)
    expect(saved.filename).toBe('1강 수업 자료.pdf')
    expect(isMaterialsPdf(saved.bytes)).toBe(true)
    const served = await context.request.get('/api/v2/lessons/1001/materials')
    expect(saved.bytes).toEqual(new Uint8Array(await served.body()))
    await page.getByRole('button', { name: '수업 자료 받기' }).waitFor()
  })

  it("a signed-in learner's lesson: saved as 2강 수업 자료.pdf; while it comes the button says 받는 중 and waits", async () => {
    const learner = testLearner('materials')
    const { page } = await browser.device()
    await signInAs(page, learner)
    await openLesson(page, '/courses/101/lessons/1002')
    // Held until the test lets it go, so the loading state can be seen.
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(MATERIALS, async (route) => {
      await held
      await route.continue()
    })
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: '수업 자료 받기' }).click()
    const busy = page.getByRole('button', { name: '수업 자료 받는 중…' })
    await busy.waitFor()
    expect(await busy.isDisabled()).toBe(true)
    expect(await busy.getAttribute('aria-busy')).toBe('true')
    release()
    expect((await download).suggestedFilename()).toBe('2강 수업 자료.pdf')
    await page.getByRole('button', { name: '수업 자료 받기' }).waitFor()
  })

  it('no answer: the offline banner, and 다시 시도 saves the file; a 5xx: its toast, the reason and a retry', async () => {
    const { page, errors } = await browser.device()
    await openLesson(page, '/courses/102/lessons/1005')
    await page.route(MATERIALS, (route) => route.abort('internetdisconnected'), { times: 1 })
    await page.getByRole('button', { name: '수업 자료 받기' }).click()
    const offline = page.getByRole('alert').filter({ hasText: '서버에 연결할 수 없습니다.' })
    await offline.waitFor()
    const saved = await clickAndSave(page, offline.getByRole('button', { name: '다시 시도' }))
    expect(saved.filename).toBe('1강 수업 자료.pdf')
    await offline.waitFor({ state: 'detached' })

    await page.route(
      MATERIALS,
      (route) => route.fulfill({ status: 503, json: { error: '자료 서버를 점검하고 있습니다.' } }),
      { times: 1 },
    )
    await page.getByRole('button', { name: '수업 자료 받기' }).click()
    await page.getByText('자료 서버를 점검하고 있습니다.').first().waitFor()
    const again = await clickAndSave(page, page.getByRole('button', { name: '다시 시도' }))
    expect(again.filename).toBe('1강 수업 자료.pdf')
    expect(
      onlyFailedLoads(
        errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED')),
        [503],
      ),
    ).toBe(true)
    errors.length = 0
  })
})
