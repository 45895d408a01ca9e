import { describe, expect, it } from 'vitest'
import { isOnSale, matchesWord, searchCourses, searchText, sortCategories } from './course-search.ts'

const mentors = [
  { id: 1, name: '박준호' },
  { id: 2, name: 'Jane Kim' },
]
const courses = [
  {
    id: 101,
    title: '실무 React 완벽 가이드',
    categoryId: 1,
    mentorId: 1,
    price: 129000,
    salePrice: 89000,
    tags: ['리액트', 42],
  },
  { id: 102, title: '처음 만나는 자바스크립트', categoryId: 1, mentorId: 1, price: 0, salePrice: 0 },
  { id: 103, title: '파이썬 데이터 분석', categoryId: 2, mentorId: 2, price: 99000, salePrice: 99000 },
  { id: 104, title: '비공개 초안', categoryId: 2, mentorId: 2, isPublished: false },
]
const ids = (query: Parameters<typeof searchCourses>[2]) =>
  searchCourses(courses, mentors, query).map((entry) => entry.course.id)

describe('searchCourses', () => {
  it('no filter: every published course, in the order given, each with its mentor', () => {
    const found = searchCourses(courses, mentors)
    expect(found.map((entry) => entry.course.id)).toEqual([101, 102, 103])
    expect(found[2]?.mentor?.name).toBe('Jane Kim')
  })

  it('matches the title in Korean, and Latin letters whatever their case', () => {
    expect(ids({ query: '자바스크립트' })).toEqual([102])
    expect(ids({ query: 'react' })).toEqual([101])
    expect(ids({ query: '  REACT  ' })).toEqual([101])
  })

  it("matches the mentor's name (Korean and Latin)", () => {
    expect(ids({ query: '박준호' })).toEqual([101, 102])
    expect(ids({ query: 'jane' })).toEqual([103])
  })

  it('every word must match, in the title or the name; spaces between words do not matter', () => {
    expect(ids({ query: 'react 박준호' })).toEqual([101])
    expect(ids({ query: 'react jane' })).toEqual([])
    expect(ids({ query: '자바 스크립트' })).toEqual([102])
  })

  it('Hangul typed as separate jamo (NFD) matches the composed title', () => {
    expect(ids({ query: '자바스크립트'.normalize('NFD') })).toEqual([102])
  })

  it('narrows by category (a number or the text of a URL) and by sale', () => {
    expect(ids({ categoryId: 2 })).toEqual([103])
    expect(ids({ categoryId: '1' })).toEqual([101, 102])
    expect(ids({ categoryId: '1', onSale: true })).toEqual([101])
    expect(ids({ categoryId: '', query: '' })).toEqual([101, 102, 103])
  })

  it("matches a course's tags (a tag that is not text is left out)", () => {
    expect(ids({ query: '리액트' })).toEqual([101])
    expect(ids({ query: '42' })).toEqual([])
  })

  it("a client's own matcher gets each course's title, mentor and tags and each word, as typed", () => {
    const seen: [string, string][] = []
    const firstLetters = (text: string, word: string) => {
      seen.push([text, word])
      return text.split(' ').some((part) => part.startsWith(word))
    }
    expect(ids({ query: 'Rea', match: firstLetters })).toEqual([101])
    expect(seen).toContainEqual(['실무 React 완벽 가이드 박준호 리액트', 'Rea'])
    expect(ids({ query: 'eact', match: firstLetters })).toEqual([])
  })

  it('a course whose mentor is not listed is still found by its title', () => {
    expect(searchCourses(courses, [], { query: '파이썬' })[0]?.mentor).toBeNull()
  })
})

describe('catalogue helpers', () => {
  it('matchesWord: inside the text, with or without its spaces, case and width folded', () => {
    expect(matchesWord('처음 만나는 자바스크립트', '처음만나는')).toBe(true)
    expect(matchesWord('실무 React 완벽 가이드', 'ｒｅａｃｔ')).toBe(true)
    expect(matchesWord('실무 React 완벽 가이드', '리액트')).toBe(false)
  })

  it('searchText folds case, width and spacing', () => {
    expect(searchText(' Ｒｅａｃｔ\t 가이드 ')).toBe('react 가이드')
  })

  it('isOnSale: a sale price below the list price', () => {
    expect(courses.map(isOnSale)).toEqual([true, false, false, false])
  })

  it('sortCategories: by order', () => {
    expect(sortCategories([{ id: 2, order: 2 }, { id: 1, order: 1 }, { id: 3 }]).map((c) => c.id)).toEqual([3, 1, 2])
  })
})
