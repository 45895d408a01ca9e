import { banners } from './banners.ts'
import { calendar } from './calendar.ts'
import { courseCategories } from './course-categories.ts'
import { courseReviews } from './course-reviews.ts'
import { coursesWithLessons } from './courses.ts'
import { availableDiscountCodes } from './discount-codes.ts'
import { lessons } from './lessons.ts'
import { mentors } from './mentors.ts'
import { menuSettings } from './menu-settings.ts'
import { notices } from './notices.ts'

/**
 * Sample content for the public reads, one file per collection. The spec does not show these
 * fields, so they are what a Korean course platform typically serves; the client checks the
 * `{ items, total }` envelope, and a lesson's fields (decisions.md, the contract's Lesson).
 * Frozen: every backend instance serves the same data and none can change it.
 */

export interface ContentItem {
  readonly id: number
  readonly [field: string]: unknown
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}

const freeze = (items: object[]): readonly ContentItem[] => deepFreeze(items) as unknown as readonly ContentItem[]

/** Keyed by the contract's endpoint names. */
export const sampleContent = {
  courses: freeze(coursesWithLessons),
  courseCategories: freeze(courseCategories),
  lessons: freeze(lessons),
  courseReviews: freeze(courseReviews),
  mentors: freeze(mentors),
  notices: freeze(notices),
  banners: freeze(banners),
  calendar: freeze(calendar),
  availableDiscountCodes: freeze(availableDiscountCodes),
  menuSettings: freeze(menuSettings),
} as const

export type ContentCollection = keyof typeof sampleContent
