/**
 * The catalogue: finding published courses (search by title, mentor and tag, category, on sale), the
 * discount codes that apply to a course now, and a course's review summary. Pure functions over the
 * loose public content items; the bindings load the items and call these (`@coursekit/core/display`).
 */

export { type ContentItem, numberField, sameId, textField } from './content-fields.ts'
export { type ContentLink, contentLink } from './content-link.ts'
export {
  type CatalogueEntry,
  type CourseFilter,
  isOnSale,
  matchesWord,
  searchCourses,
  searchText,
  sortCategories,
  type WordMatcher,
} from './course-search.ts'
export { discountCodesForCourse } from './discount-codes.ts'
export { type ReviewSummary, summarizeReviews } from './review-summary.ts'
