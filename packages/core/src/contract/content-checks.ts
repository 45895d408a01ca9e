/**
 * The content reads' response schemas (content.ts: ContentList, ContentItem) as plain checks, for
 * the API client to pass what fits without loading zod. Each accepts only what its schema accepts
 * (content-checks.test.ts holds them to it); the schema decides the rest.
 */

/** As zod's object check: an object, not an array, not null. */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** As z.number(): a finite number. */
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/** ContentItem: an object whose `id` is a string or a number. */
export function isContentItem(value: unknown): boolean {
  if (!isRecord(value)) return false
  const { id } = value
  return typeof id === 'string' || isFiniteNumber(id)
}

/** ContentList: `{ items: ContentItem[], total: number }`. */
export function isContentList(value: unknown): boolean {
  return (
    isRecord(value) && Array.isArray(value.items) && value.items.every(isContentItem) && isFiniteNumber(value.total)
  )
}
