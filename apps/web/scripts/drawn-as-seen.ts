import type { Page } from '@coursekit/test-browser'

/** How long the page may take to register Pretendard's faces (web-font.ts waits for it to settle first). */
const FACES_TIMEOUT_MS = 20_000

/**
 * Waits until the page is drawn as a person sees it once everything has come: in Pretendard, and
 * with its pictures decoded. Pretendard's faces are registered only once the page has settled
 * (src/app/web-font.ts), after its first paint in the size-adjusted fallback, and each of its
 * unicode-range slices loads when text needs it; so `document.fonts.ready` alone can resolve
 * before the faces exist. Pictures below the fold load lazily, which a full-page shot would show
 * as empty boxes.
 */
export async function waitUntilDrawnAsSeen(page: Page): Promise<void> {
  await page.waitForFunction(
    () => [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Pretendard'),
    undefined,
    { timeout: FACES_TIMEOUT_MS },
  )
  const missing = await page.evaluate(async () => {
    const fields = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    const typed = fields.flatMap((field) => [field.value, field.placeholder])
    const text = [document.body.textContent ?? '', ...typed].join('\n')
    // Both weights the app draws in (400 and 600; 500 and 700 match them), every slice the text touches.
    const fonts = ['400 16px Pretendard', '600 16px Pretendard']
    await Promise.all(fonts.map((font) => document.fonts.load(font, text)))
    await document.fonts.ready
    for (const image of document.images) image.loading = 'eager'
    // A picture that fails to load is drawn as its fallback (course-thumbnail.tsx): not this wait's to judge.
    await Promise.all([...document.images].map((image) => image.decode().catch(() => {})))
    return fonts.filter((font) => !document.fonts.check(font, text))
  })
  if (missing.length > 0) throw new Error(`the page's text is not all in Pretendard: ${missing.join(', ')}`)
}
