import type { ContentItem } from '@coursekit/core/contract'

/**
 * The contract keeps public content loose (`{ id, ...anything }`, the spec shows no fields): these
 * read a field as the type a page shows, or a fallback, so an odd or missing field never breaks a page.
 */
export function textOf(item: ContentItem, field: string): string {
  const value = item[field]
  return typeof value === 'string' ? value : ''
}

/** An id field (number or string) as text; null when absent. */
export function idOf(item: ContentItem, field: string): string | null {
  const value = item[field]
  return typeof value === 'number' || (typeof value === 'string' && value !== '') ? String(value) : null
}

/** An ISO time field in epoch milliseconds; null when absent or not a time. */
export function timeOf(item: ContentItem, field: string): number | null {
  const value = item[field]
  if (typeof value !== 'string') return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : ms
}

export function textsOf(item: ContentItem, field: string): string[] {
  const value = item[field]
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []
}

export function idsOf(item: ContentItem, field: string): string[] {
  const value = item[field]
  return Array.isArray(value)
    ? value.filter((entry) => typeof entry === 'number' || typeof entry === 'string').map(String)
    : []
}
