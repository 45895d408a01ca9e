import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { count, type LooseItem, text } from '../../ui/content-item.ts'

/**
 * The categories with courses, in their order, each a link to the catalogue narrowed to it with how
 * many courses it has: one row that scrolls sideways on a phone.
 */
export function CategoryLinks({ categories, courses }: { categories: LooseItem[]; courses: LooseItem[] }): ReactNode {
  const withCourses = [...categories]
    .sort((a, b) => (count(a, 'order') ?? 0) - (count(b, 'order') ?? 0))
    .map((category) => ({
      category,
      courses: courses.filter((course) => String(course.categoryId) === String(category.id)).length,
    }))
    .filter((entry) => entry.courses > 0)
  if (withCourses.length === 0) return null
  return (
    <nav aria-label="분야별 강의">
      <ul className="flex gap-1 overflow-x-auto pb-0.5 lg:flex-wrap">
        {withCourses.map(({ category, courses: n }) => (
          <li key={category.id} className="shrink-0">
            <Link
              to={`/courses?category=${encodeURIComponent(String(category.id))}`}
              className="flex items-baseline gap-0.5 rounded-full border border-gray-300 bg-white px-1.5 py-0.5 font-semibold text-gray-800 text-sm hover:border-brand"
            >
              {text(category, 'name')}
              <span className="font-normal text-gray-600">{n}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
