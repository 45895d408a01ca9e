import type { Page } from 'playwright-core'

/** A moment the sample discount codes are all valid (the autumn code ends 2026-11-30 23:59:59 KST). */
export const AUTUMN_SALE_DAY = new Date('2026-11-25T10:00:00+09:00')

/** The catalogue's result cards (links to a course) under the results heading. */
export function courseCards(page: Page) {
  return page.getByRole('region', { name: '검색 결과' }).getByRole('listitem')
}

/**
 * The signed-in account's lesson progress on this device, by lesson id: a position in seconds and
 * whether it was watched to the end. Progress is kept per account (`coursekit.lessonProgress.<user
 * id>`), so this needs a signed-in page; the client reads it when the next page loads.
 */
export async function saveLessonProgress(
  page: Page,
  lessons: Record<number, { positionSec: number; done: boolean }>,
): Promise<void> {
  const record = Object.fromEntries(
    Object.entries(lessons).map(([id, entry], index) => [id, { ...entry, savedAt: index + 1 }]),
  )
  const userId = await signedInUserId(page)
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    `coursekit.lessonProgress.${userId}`,
    JSON.stringify(record),
  ] as const)
}

/** The id of the account signed in on `page`, from the profile the client keeps (`auth_profile`). */
export async function signedInUserId(page: Page): Promise<string> {
  const id = await page.evaluate(() => {
    const profile = JSON.parse(localStorage.getItem('auth_profile') ?? 'null') as { id?: unknown } | null
    return typeof profile?.id === 'string' ? profile.id : null
  })
  if (!id) throw new Error('nobody is signed in on this page')
  return id
}
