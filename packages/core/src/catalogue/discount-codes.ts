import { type ContentItem, sameId } from './content-fields.ts'

/**
 * The codes of `/api/v2/discount-codes/available` that apply to a course at `now` (the client's
 * clock): for every course (`courseIds` null or absent) or for this one, and not expired (an
 * `expiresAt` that is not a date counts as no expiry, as the server sent the code as available).
 */
export function discountCodesForCourse<Code extends ContentItem>(
  codes: readonly Code[],
  courseId: string | number,
  now: number,
): Code[] {
  return codes.filter((code) => appliesTo(code, courseId) && !expired(code, now))
}

function appliesTo(code: ContentItem, courseId: string | number): boolean {
  const ids = code.courseIds
  if (ids === null || ids === undefined) return true
  return Array.isArray(ids) && ids.some((id) => sameId(id, courseId))
}

function expired(code: ContentItem, now: number): boolean {
  if (typeof code.expiresAt !== 'string') return false
  const end = Date.parse(code.expiresAt)
  return !Number.isNaN(end) && end <= now
}
