import type { Page } from 'playwright-core'

/** A moment the sample discount codes are all valid (the autumn code ends 2026-11-30 23:59:59 KST). */
export const AUTUMN_SALE_DAY = new Date('2026-11-25T10:00:00+09:00')

/** The catalogue's result cards (links to a course) under the results heading. */
export function courseCards(page: Page) {
  return page.getByRole('region', { name: '검색 결과' }).getByRole('listitem')
}

/**
 * This device's lesson progress, written before the app's first script runs (the client reads it
 * when the page loads), by lesson id: a position in seconds and whether it was watched to the end.
 */
export async function withLessonProgress(
  page: Page,
  lessons: Record<number, { positionSec: number; done: boolean }>,
): Promise<void> {
  const record = Object.fromEntries(
    Object.entries(lessons).map(([id, entry], index) => [id, { ...entry, savedAt: index + 1 }]),
  )
  await page.addInitScript((value) => {
    if (!localStorage.getItem('coursekit.lessonProgress')) localStorage.setItem('coursekit.lessonProgress', value)
  }, JSON.stringify(record))
}
