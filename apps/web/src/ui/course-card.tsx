import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { count, type LooseItem, price, text } from './content-item.ts'

/**
 * One course as a card of a grid (`<li>`, so the grid is a list): level, lessons, title, summary,
 * the mentor when known, and the price (the sale price when there is one). Home and the catalogue.
 */
export function CourseCard({ course, mentorName }: { course: LooseItem; mentorName?: string | undefined }): ReactNode {
  const list = count(course, 'price')
  const sale = count(course, 'salePrice')
  const lessons = count(course, 'lessonCount')
  const discounted = list !== null && sale !== null && sale < list
  return (
    <li className="flex">
      <Link
        to={`/courses/${course.id}`}
        className="flex w-full flex-col gap-1 rounded-xl border border-gray-200 p-2 hover:border-brand hover:shadow-sm"
      >
        <span className="flex gap-0.5 text-sm">
          {text(course, 'level') && (
            <span className="rounded-md bg-brand-soft px-0.5 font-semibold text-brand-strong">
              {text(course, 'level')}
            </span>
          )}
          {lessons !== null && <span className="text-gray-600">수업 {lessons}개</span>}
        </span>
        <span className="font-bold text-base">{text(course, 'title')}</span>
        <span className="flex-1 text-gray-600 text-sm">{text(course, 'summary')}</span>
        {mentorName && <span className="text-gray-700 text-sm">{mentorName}</span>}
        {sale !== null && (
          <span className="flex items-baseline gap-1">
            <span className="font-bold">{price(sale)}</span>
            {discounted && <del className="text-gray-600 text-sm">{price(list)}</del>}
          </span>
        )}
      </Link>
    </li>
  )
}
