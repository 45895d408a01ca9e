import type { ApiFailure } from '@coursekit/core'
import type { ContentItem } from '@coursekit/core/contract'
import { useMemo } from 'react'
import { idOf, idsOf, textOf, textsOf } from './content-fields.ts'
import type { EndpointStatus } from './use-endpoint.ts'
import { useEndpoints } from './use-endpoints.ts'

export interface MentorCourse {
  id: string
  title: string
}

export interface Mentor {
  id: string
  name: string
  /** What they do: 시니어 프론트엔드 개발자, ... */
  title: string
  bio: string
  careers: string[]
  /** Their courses, in the mentor's own order. */
  courses: MentorCourse[]
}

export interface MentorsView {
  /** `failed` when either read failed; what did arrive is still in `mentors`. */
  status: EndpointStatus
  failure: ApiFailure | null
  offline: boolean
  /** Reads again whatever failed. */
  retry(): void
  mentors: Mentor[]
}

/** Both lists in one read each (the mock's maximum page). */
const READ_LIMIT = 100
const READS = [
  ['mentors', { query: { limit: READ_LIMIT } }],
  ['courses', { query: { limit: READ_LIMIT } }],
] as const

/**
 * The mentors with their courses: the mentor names the courses (`courseIds`), the course list gives
 * their titles. A course the list does not have is left out rather than shown without a title.
 */
export function useMentors(): MentorsView {
  const [views, retry] = useEndpoints(READS)
  const [mentors, courses] = views
  const mentorItems = mentors.data?.items
  const courseItems = courses.data?.items

  const list = useMemo(() => {
    const titles = new Map((courseItems ?? []).map((course) => [String(course.id), textOf(course, 'title')]))
    return (mentorItems ?? []).map((mentor) => ({
      id: String(mentor.id),
      name: textOf(mentor, 'name'),
      title: textOf(mentor, 'title'),
      bio: textOf(mentor, 'bio'),
      careers: textsOf(mentor, 'careers'),
      courses: courseIdsOf(mentor, courseItems ?? []).flatMap((id) => {
        const title = titles.get(id)
        return title ? [{ id, title }] : []
      }),
    }))
  }, [mentorItems, courseItems])

  const failed = views.find((view) => view.status === 'failed') ?? null
  return {
    status: views.some((view) => view.status === 'loading') ? 'loading' : failed ? 'failed' : 'ready',
    failure: failed?.failure ?? null,
    offline: views.some((view) => view.offline),
    retry,
    mentors: list,
  }
}

/** The mentor's own list, else the courses that name the mentor. */
function courseIdsOf(mentor: ContentItem, courses: readonly ContentItem[]): string[] {
  const own = idsOf(mentor, 'courseIds')
  if (own.length > 0) return own
  return courses.filter((course) => idOf(course, 'mentorId') === String(mentor.id)).map((course) => String(course.id))
}
