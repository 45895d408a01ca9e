/**
 * The contract keeps public content items loose (`{ id, ...anything }`): these read a field as the
 * type the page shows, or a fallback, so a missing or odd field never breaks the page.
 */
export type LooseItem = { id: string | number } & Record<string, unknown>

export function text(item: LooseItem, field: string): string {
  const value = item[field]
  return typeof value === 'string' ? value : ''
}

export function count(item: LooseItem, field: string): number | null {
  const value = item[field]
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

const won = new Intl.NumberFormat('ko-KR', { style: 'currency', currency: 'KRW' })

/** ₩89,000 (as Korean course stores print prices), or 무료 for 0. */
export function price(value: number): string {
  return value === 0 ? '무료' : won.format(value)
}
