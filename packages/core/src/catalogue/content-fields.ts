import type { ContentItem } from '../contract/content.ts'

export type { ContentItem }

/*
 * The contract keeps public content items loose (`{ id, ...anything }`, spec §3 shows no fields):
 * these read a field as the type the catalogue needs, or nothing, so an odd item is skipped or shown
 * plainly instead of breaking a page.
 */

export function textField(item: ContentItem, field: string): string {
  const value = item[field]
  return typeof value === 'string' ? value : ''
}

export function numberField(item: ContentItem, field: string): number | null {
  const value = item[field]
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** Ids arrive as numbers or strings (a route parameter is always a string): compared as text. */
export function sameId(a: unknown, b: unknown): boolean {
  return (typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string')
    ? String(a) === String(b)
    : false
}
