import { type ContentItem, numberField } from './content-fields.ts'

export interface ReviewSummary {
  /** The mean rating of the rated reviews, to one decimal; null when none is rated. */
  average: number | null
  /** How many reviews carry a rating. */
  count: number
}

/** Average and count of reviews' `rating` (0 to 5); a review without a usable rating is not counted. */
export function summarizeReviews(reviews: readonly ContentItem[]): ReviewSummary {
  const ratings = reviews
    .map((review) => numberField(review, 'rating'))
    .filter((rating): rating is number => rating !== null && rating >= 0 && rating <= 5)
  if (ratings.length === 0) return { average: null, count: 0 }
  const mean = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length
  return { average: Math.round(mean * 10) / 10, count: ratings.length }
}
