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

/** The discount in whole percent when the sale price is below a list price above 0 (89,000 of 129,000: 31). */
export function discountPercent(list: number | null, sale: number | null): number | null {
  return list !== null && sale !== null && list > 0 && sale < list ? Math.round(((list - sale) / list) * 100) : null
}

/**
 * A picture's URL from the server when it is an http(s) URL, else null (the page draws its own
 * fallback: the contract allows a missing or broken picture).
 */
export function imageUrl(item: LooseItem, field: string): string | null {
  const value = text(item, field)
  return /^https?:\/\//i.test(value) ? value : null
}
