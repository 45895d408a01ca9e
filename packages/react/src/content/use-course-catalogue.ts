import type { ApiFailure } from '@coursekit/core'
import {
  type CatalogueEntry,
  type ContentItem,
  type CourseFilter,
  searchCourses,
  sortCategories,
} from '@coursekit/core/display'
import { useMemo } from 'react'
import type { EndpointStatus } from './use-endpoint.ts'
import { useEndpoints } from './use-endpoints.ts'

export interface CourseCatalogueView {
  /** The courses' status: the catalogue is ready when they are (mentors and categories may follow). */
  status: EndpointStatus
  /** No answer (status 0) for any of the three reads: an offline banner with a retry. */
  offline: boolean
  /** Why the courses could not be read, when they could not. */
  failure: ApiFailure | null
  /** The category tabs, in their order; empty until they load (or when they fail). */
  categories: ContentItem[]
  /** The published courses that pass the filter, each with its mentor. */
  entries: CatalogueEntry[]
  /** How many published courses there are before the filter (0 while loading). */
  publishedCount: number
  /** Asks again for whatever failed. */
  retry(): void
}

// The catalogue is small enough to read at once; the server's largest page.
const ALL = { query: { limit: 100 } }
const READS = [
  ['courses', ALL],
  ['mentors', ALL],
  ['courseCategories', ALL],
] as const

/**
 * The catalogue (`/courses`): every published course, narrowed by `filter` (search words in the
 * title, the mentor's name or a tag, found by `filter.match` when given, which should be one
 * function for the page's life; a category; on sale), with the category tabs. Filtering is local: the
 * courses are read once, so typing does not ask the server again.
 */
export function useCourseCatalogue(filter: CourseFilter = {}): CourseCatalogueView {
  const [views, retry] = useEndpoints(READS)
  const [courses, mentors, categories] = views
  const { query, categoryId, onSale, match } = filter
  const courseItems = courses.data?.items
  const mentorItems = mentors.data?.items
  const categoryItems = categories.data?.items
  const entries = useMemo(
    () => searchCourses(courseItems ?? [], mentorItems ?? [], { query, categoryId, onSale, match }),
    [courseItems, mentorItems, query, categoryId, onSale, match],
  )
  const publishedCount = useMemo(() => searchCourses(courseItems ?? [], []).length, [courseItems])
  const sortedCategories = useMemo(() => sortCategories(categoryItems ?? []), [categoryItems])
  return {
    status: courses.status,
    offline: views.some((view) => view.offline),
    failure: courses.failure,
    categories: sortedCategories,
    entries,
    publishedCount,
    retry,
  }
}
