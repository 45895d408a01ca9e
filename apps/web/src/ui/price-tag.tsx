import type { ReactNode } from 'react'
import { count, discountPercent, type LooseItem, price } from './content-item.ts'

// A card's price is a line inside the card's link; the course page's is a paragraph of its own.
const looks = {
  card: { tag: 'span', row: 'gap-x-0.5', off: '', sale: '', list: 'basis-full text-sm' },
  page: { tag: 'p', row: 'gap-x-1', off: 'text-lg', sale: 'text-2xl', list: '' },
} as const

/**
 * A course's price as Korean shops show it: the discount % in red, the price paid, then the list price
 * struck through. The price paid is the sale price, or the list price when there is no sale. Nothing
 * is drawn when the course has neither.
 */
export function PriceTag({ course, look }: { course: LooseItem; look: keyof typeof looks }): ReactNode {
  const list = count(course, 'price')
  const sale = count(course, 'salePrice') ?? list
  if (sale === null) return null
  const off = discountPercent(list, sale)
  const classes = looks[look]
  const Row = classes.tag
  return (
    <Row className={`flex flex-wrap items-baseline ${classes.row}`}>
      {off !== null && (
        <span className={`font-bold text-red-700 ${classes.off}`}>
          <span className="sr-only">할인 </span>
          {off}%
        </span>
      )}
      <span className={`font-bold ${classes.sale}`}>{price(sale)}</span>
      {off !== null && list !== null && (
        // On a card the list price has a line of its own whatever the typeface's widths: a wrap that
        // came and went with the typeface's swap would move everything below it.
        <del className={`text-gray-600 ${classes.list}`}>
          <span className="sr-only">정가 </span>
          {price(list)}
        </del>
      )}
    </Row>
  )
}
