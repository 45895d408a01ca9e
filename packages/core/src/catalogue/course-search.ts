import { type ContentItem, numberField, sameId, textField } from './content-fields.ts'

/**
 * Whether one word of a query (as typed) is found in a course's searchable text (its title, its
 * mentor's name and its tags, as written). A client may pass its own: the learner app adds Korean
 * initial consonants (초성) with es-hangul, which the core does not carry.
 */
export type WordMatcher = (text: string, word: string) => boolean

/** What the catalogue is narrowed to; every part optional (nothing given: every published course). */
export interface CourseFilter {
  /** Words typed in the search box: each must appear in the title, the mentor's name or a tag. */
  query?: string
  /** How a word is found in a course's text; `matchesWord` unless given. */
  match?: WordMatcher
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

/**
 * The default `WordMatcher`: the word inside the text, both as `searchText` makes them, with or
 * without the text's spaces ("처음만나는" finds "처음 만나는").
 */
export function matchesWord(text: string, word: string): boolean {
  const haystack = searchText(text)
  const needle = searchText(word)
  return haystack.includes(needle) || haystack.replace(/ /g, '').includes(needle)
}

/** A course is on sale when it has a sale price below its list price. */
export function isOnSale(course: ContentItem): boolean {
  const list = numberField(course, 'price')
  const sale = numberField(course, 'salePrice')
  return list !== null && sale !== null && sale < list
}

/**
 * The published courses that pass `filter`, each with its mentor, in the order given. A word of the
 * query matches inside the title, the mentor's name or a tag, with or without the spaces between
 * words ("자바 스크립트" finds "자바스크립트"), so a query of several words may name both ("react 박준호").
 */
export function searchCourses<Course extends ContentItem, Mentor extends ContentItem>(
  courses: readonly Course[],
  mentors: readonly Mentor[],
  filter: CourseFilter = {},
): CatalogueEntry<Course, Mentor>[] {
  const words = (filter.query ?? '').split(/\s+/).filter(Boolean)
  const match = filter.match ?? matchesWord
  const category = filter.categoryId ?? null
  return courses
    .filter((course) => course.isPublished !== false)
    .filter((course) => category === null || category === '' || sameId(course.categoryId, category))
    .filter((course) => !filter.onSale || isOnSale(course))
    .map((course) => ({ course, mentor: mentors.find((mentor) => sameId(mentor.id, course.mentorId)) ?? null }))
    .filter(({ course, mentor }) => {
      if (words.length === 0) return true
      const tags = Array.isArray(course.tags) ? course.tags.filter((tag) => typeof tag === 'string') : []
      const text = [textField(course, 'title'), mentor ? textField(mentor, 'name') : '', ...tags].join(' ')
      return words.every((word) => match(text, word))
    })
}

/** Categories in their `order` (then as given), for tabs. */
export function sortCategories<Category extends ContentItem>(categories: readonly Category[]): Category[] {
  return [...categories].sort((a, b) => (numberField(a, 'order') ?? 0) - (numberField(b, 'order') ?? 0))
}
