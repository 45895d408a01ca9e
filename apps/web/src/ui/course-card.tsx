import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { count, imageUrl, type LooseItem, text } from './content-item.ts'
import { CourseThumbnail } from './course-thumbnail.tsx'
import { PriceTag } from './price-tag.tsx'

export interface CourseCardProps {
  course: LooseItem
  /** The mentor's name; `null` while it loads (its line is kept); left out, the card has no mentor line. */
  mentorName?: string | null | undefined
  categoryName?: string | undefined
  /** The card is in the first screenful: its picture is fetched at once (see CourseThumbnail). */
  eager?: boolean
  /** The list item's own classes (its width in a row that scrolls sideways). */
  className?: string
}

/**
 * One course as a card of a grid (`<li>`, so the grid is a list), as Korean course stores draw it:
 * the 16:9 picture, the title, the mentor when known, the rating with its review count (once it has
 * a review), the discount % beside the price (the sale price when there is one), then level and
 * lessons. Home and the catalogue. The mentor's line is kept while the mentors load and the list
 * price has a line of its own, so neither the mentors arriving after the courses nor the typeface's
 * swap (which changes where a line wraps) changes a card's height.
 */
export function CourseCard({
  course,
  mentorName,
  categoryName,
  eager = false,
  className = '',
}: CourseCardProps): ReactNode {
  const lessons = count(course, 'lessonCount')
  const rating = count(course, 'rating')
  const reviews = count(course, 'reviewCount')
  const title = text(course, 'title')
  return (
    // relative: the card's screen-reader texts (sr-only, absolutely placed) stay inside a row that
    // scrolls sideways instead of widening the page.
    <li className={`relative flex ${className}`}>
      <Link to={`/courses/${course.id}`} className="group flex w-full flex-col gap-1 rounded-xl">
        <CourseThumbnail
          src={imageUrl(course, 'thumbnailUrl')}
          title={title}
          categoryId={course.categoryId}
          categoryName={categoryName}
          eager={eager}
          className="rounded-xl"
        />
        <span className="flex flex-1 flex-col gap-0.5">
          <span className="line-clamp-2 font-bold text-base group-hover:text-brand-strong">{title}</span>
          {mentorName !== undefined && <span className="min-h-[1lh] text-gray-700 text-sm">{mentorName}</span>}
          {/* A rating with no review behind it says nothing. */}
          {rating !== null && reviews !== 0 && (
            <span className="text-gray-700 text-sm">
              <span aria-hidden>
                <span className="text-amber-700">★</span> {rating.toFixed(1)}
                {reviews !== null && <span className="text-gray-600"> ({reviews})</span>}
              </span>
              <span className="sr-only">
                평점 {rating.toFixed(1)}점{reviews !== null ? `, 수강평 ${reviews}개` : ''}
              </span>
            </span>
          )}
          <PriceTag course={course} look="card" />
          <span className="mt-auto flex gap-0.5 pt-0.5 text-sm">
            {text(course, 'level') && (
              <span className="rounded-md bg-brand-soft px-0.5 font-semibold text-brand-strong">
                {text(course, 'level')}
              </span>
            )}
            {lessons !== null && <span className="rounded-md bg-gray-100 px-0.5 text-gray-700">수업 {lessons}개</span>}
          </span>
        </span>
      </Link>
    </li>
  )
}
