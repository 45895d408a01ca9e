import type { Lesson } from '@coursekit/core/contract'
import {
  type ContentItem,
  discountCodesForCourse,
  type ReviewSummary,
  sameId,
  summarizeReviews,
} from '@coursekit/core/display'
import { useEffect, useMemo, useState } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { type EndpointView, useEndpoint } from './use-endpoint.ts'

export interface CourseView extends EndpointView<ContentItem> {
  /** The server has no course with this id (404): the page says so instead of retrying. */
  notFound: boolean
}

/** One course by id (`/api/v2/courses/{id}`). */
export function useCourse(courseId: string | number): CourseView {
  const view = useEndpoint('course', { params: { id: String(courseId) } })
  return { ...view, notFound: view.failure?.status === 404 }
}

export interface CurriculumView {
  view: EndpointView<{ items: Lesson[] }>
  /** The course's lessons in their order. */
  lessons: Lesson[]
  /** The sum of the lessons' lengths, in seconds. */
  totalDurationSec: number
}

const PAGE = 100

/** A course's lessons (`/api/v2/lessons?courseId=`), in order, with their total length. */
export function useCurriculum(courseId: string | number): CurriculumView {
  const view = useEndpoint('lessons', { query: { courseId: String(courseId), limit: PAGE } })
  const items = view.data?.items
  const lessons = useMemo(
    () => (items ?? []).filter((lesson) => sameId(lesson.courseId, courseId)).sort((a, b) => a.order - b.order),
    [items, courseId],
  )
  const totalDurationSec = lessons.reduce((sum, lesson) => sum + lesson.durationSec, 0)
  return { view, lessons, totalDurationSec }
}

export interface CourseReviewsView {
  view: EndpointView<{ items: ContentItem[] }>
  /** Newest first. */
  reviews: ContentItem[]
  summary: ReviewSummary
}

/** A course's reviews (`/api/v2/course-reviews?courseId=`), newest first, with their average and count. */
export function useCourseReviews(courseId: string | number): CourseReviewsView {
  const view = useEndpoint('courseReviews', { query: { courseId: String(courseId), limit: PAGE } })
  const items = view.data?.items
  const reviews = useMemo(
    () =>
      (items ?? [])
        .filter((review) => sameId(review.courseId, courseId))
        .sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? ''))),
    [items, courseId],
  )
  return { view, reviews, summary: useMemo(() => summarizeReviews(reviews), [reviews]) }
}

export interface CourseDiscountCodesView {
  view: EndpointView<{ items: ContentItem[] }>
  /** The available codes that apply to this course and have not expired on the client's clock. */
  codes: ContentItem[]
}

// A timer further off than this is set again when it fires (timers overflow past about 24.8 days).
const MAX_TIMER_MS = 24 * 60 * 60 * 1000

/**
 * The available discount codes (`/api/v2/discount-codes/available`) that apply to a course now, by
 * the client's clock; a code that expires while the page is open goes when it does.
 */
export function useCourseDiscountCodes(courseId: string | number): CourseDiscountCodesView {
  const client = useCourseClient()
  const view = useEndpoint('availableDiscountCodes', { query: { limit: PAGE } })
  const [now, setNow] = useState(() => client.clock.now())
  const items = view.data?.items
  const codes = useMemo(() => discountCodesForCourse(items ?? [], courseId, now), [items, courseId, now])

  useEffect(() => {
    const current = client.clock.now()
    const ends = codes
      .map((code) => (typeof code.expiresAt === 'string' ? Date.parse(code.expiresAt) : Number.NaN))
      .filter(Number.isFinite)
    if (ends.length === 0) return
    const nextExpiry = Math.min(...ends)
    const handle = client.clock.setTimeout(
      () => setNow(client.clock.now()),
      Math.min(Math.max(nextExpiry - current, 0), MAX_TIMER_MS),
    )
    return () => client.clock.clearTimeout(handle)
  }, [client, codes])

  return { view, codes }
}

export interface MentorView {
  view: EndpointView<{ items: ContentItem[] }>
  /** The mentor with this id; null while loading, when absent, or when no id is given. */
  mentor: ContentItem | null
}

/** A mentor by id, from the mentors list (`/api/v2/mentors`). */
export function useMentor(mentorId: unknown): MentorView {
  const view = useEndpoint('mentors', { query: { limit: PAGE } })
  const items = view.data?.items
  const mentor = useMemo(() => (items ?? []).find((item) => sameId(item.id, mentorId)) ?? null, [items, mentorId])
  return { view, mentor }
}
