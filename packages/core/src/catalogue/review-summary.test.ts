import { describe, expect, it } from 'vitest'
import { summarizeReviews } from './review-summary.ts'

describe('summarizeReviews', () => {
  it('average to one decimal and count', () => {
    expect(
      summarizeReviews([
        { id: 1, rating: 5 },
        { id: 2, rating: 5 },
        { id: 3, rating: 4 },
      ]),
    ).toEqual({
      average: 4.7,
      count: 3,
    })
  })

  it('no reviews, or none rated: no average', () => {
    expect(summarizeReviews([])).toEqual({ average: null, count: 0 })
    expect(summarizeReviews([{ id: 1 }, { id: 2, rating: 'five' }, { id: 3, rating: 9 }])).toEqual({
      average: null,
      count: 0,
    })
  })
})
