import { describe, expect, it } from 'vitest'
import { courseProgressOf } from './course-progress.ts'

const lessons = [
  { id: 1, durationSec: 10 },
  { id: 2, durationSec: 10 },
  { id: 3, durationSec: 10 },
]
const at = (positionSec: number, done = false) => ({ positionSec, done, savedAt: 0 })

describe('courseProgressOf', () => {
  it('new: nothing watched; next is the first lesson', () => {
    expect(courseProgressOf(lessons, {})).toEqual({ status: 'new', doneCount: 0, total: 3, nextLessonId: 1 })
  })

  it('started: next is the first lesson not done, in order', () => {
    expect(courseProgressOf(lessons, { 1: at(0, true), 2: at(4) })).toEqual({
      status: 'started',
      doneCount: 1,
      total: 3,
      nextLessonId: 2,
    })
    expect(courseProgressOf(lessons, { 2: at(0, true) })).toMatchObject({ status: 'started', nextLessonId: 1 })
  })

  it('done: every lesson done; next is the first again', () => {
    expect(courseProgressOf(lessons, { 1: at(0, true), 2: at(0, true), 3: at(2, true) })).toEqual({
      status: 'done',
      doneCount: 3,
      total: 3,
      nextLessonId: 1,
    })
  })

  it('ignores other courses’ lessons; no lessons: new, next null', () => {
    expect(courseProgressOf(lessons, { 99: at(0, true) })).toMatchObject({ status: 'new', doneCount: 0 })
    expect(courseProgressOf([], {})).toEqual({ status: 'new', doneCount: 0, total: 0, nextLessonId: null })
  })
})
