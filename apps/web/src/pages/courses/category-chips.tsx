import type { ContentItem } from '@coursekit/core/display'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { text } from '../../ui/content-item.ts'

const chip = 'block whitespace-nowrap rounded-full border px-1.5 py-0.5 text-sm'
const chosen = 'border-brand-strong bg-brand-strong font-semibold text-white'
const other = 'border-gray-300 bg-white text-gray-800 hover:border-brand'

/**
 * The category filter as links (each a URL of its own, so back/forward and sharing work): 전체, each
 * category, and 할인 중 (the home banner's `?sale=true`: courses whose sale price is below the list price), which narrows whichever category is chosen.
 */
export function CategoryChips({ categories }: { categories: ContentItem[] }): ReactNode {
  const [params] = useSearchParams()
  const current = params.get('category') ?? ''
  const onSale = params.get('sale') === 'true'
  const href = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(change)) {
      if (value === null) next.delete(key)
      else next.set(key, value)
    }
    const search = next.toString()
    return search ? `/courses?${search}` : '/courses'
  }
  return (
    <nav aria-label="분야">
      {/* One row on a phone, scrolled sideways: its height is the same before and after the
          categories arrive, so the courses below do not move. */}
      <ul className="flex gap-0.5 overflow-x-auto pb-0.5 sm:flex-wrap">
        <li className="shrink-0">
          <Link
            to={href({ category: null })}
            aria-current={current === '' ? 'page' : undefined}
            className={`${chip} ${current === '' ? chosen : other}`}
          >
            전체
          </Link>
        </li>
        {categories.map((category) => {
          const selected = current === String(category.id)
          return (
            <li key={category.id} className="shrink-0">
              <Link
                to={href({ category: String(category.id) })}
                aria-current={selected ? 'page' : undefined}
                className={`${chip} ${selected ? chosen : other}`}
              >
                {text(category, 'name')}
              </Link>
            </li>
          )
        })}
        <li className="ml-auto shrink-0">
          <Link
            to={href({ sale: onSale ? null : 'true' })}
            aria-current={onSale ? 'true' : undefined}
            className={`${chip} ${onSale ? 'border-red-700 bg-red-700 font-semibold text-white' : 'border-red-300 bg-white text-red-800 hover:border-red-700'}`}
          >
            할인 중인 강의
          </Link>
        </li>
      </ul>
    </nav>
  )
}
