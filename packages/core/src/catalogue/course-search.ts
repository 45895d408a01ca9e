import { type ContentItem, numberField, sameId, textField } from './content-fields.ts'

/** What the catalogue is narrowed to; every part optional (nothing given: every published course). */
export interface CourseFilter {
  /** Words typed in the search box: each must appear in the title or the mentor's name. */
  query?: string
  /** Only this category's courses. */
  categoryId?: string | number | null
  /** Only courses whose sale price is below the list price. */
  onSale?: boolean
}

export interface CatalogueEntry<Course extends ContentItem = ContentItem, Mentor extends ContentItem = ContentItem> {
  course: Course
  /** The course's mentor, when the mentors list has them. */
  mentor: Mentor | null
}

/**
 * Text as search compares it: Unicode NFKC (Hangul typed as separate jamo, full-width Latin and
 * compatibility forms become the usual characters), lower case (Latin is matched case-insensitively;
 * Hangul has no case), runs of white space as one space.
 */
export function searchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** A course is on sale when it has a sale price below its list price. */
export function isOnSale(course: ContentItem): boolean {
  const list = numberField(course, 'price')
  const sale = numberField(course, 'salePrice')
  return list !== null && sale !== null && sale < list
}

/**
 * The published courses that pass `filter`, each with its mentor, in the order given. A word of the
 * query matches inside the title or the mentor's name, with or without the spaces between words
 * ("자바 스크립트" finds "자바스크립트"), so a query of several words may name both ("react 박준호").
 */
export function searchCourses<Course extends ContentItem, Mentor extends ContentItem>(
  courses: readonly Course[],
  mentors: readonly Mentor[],
  filter: CourseFilter = {},
): CatalogueEntry<Course, Mentor>[] {
  const words = searchText(filter.query ?? '')
    .split(' ')
    .filter(Boolean)
  const category = filter.categoryId ?? null
  return courses
    .filter((course) => course.isPublished !== false)
    .filter((course) => category === null || category === '' || sameId(course.categoryId, category))
    .filter((course) => !filter.onSale || isOnSale(course))
    .map((course) => ({ course, mentor: mentors.find((mentor) => sameId(mentor.id, course.mentorId)) ?? null }))
    .filter(({ course, mentor }) => {
      if (words.length === 0) return true
      const haystack = searchText(`${textField(course, 'title')} ${mentor ? textField(mentor, 'name') : ''}`)
      const joined = haystack.replace(/ /g, '')
      return words.every((word) => haystack.includes(word) || joined.includes(word))
    })
}

/** Categories in their `order` (then as given), for tabs. */
export function sortCategories<Category extends ContentItem>(categories: readonly Category[]): Category[] {
  return [...categories].sort((a, b) => (numberField(a, 'order') ?? 0) - (numberField(b, 'order') ?? 0))
}
