import type { ReactNode } from 'react'

/** Five stars filled to `rating` (out of 5), read as '5점 만점에 4.8점'. */
export function RatingStars({ rating, size = 'text-base' }: { rating: number; size?: string }): ReactNode {
  const filled = Math.round(Math.min(Math.max(rating, 0), 5))
  return (
    <span role="img" aria-label={`5점 만점에 ${rating}점`} className={`inline-flex tracking-tight ${size}`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} aria-hidden className={star <= filled ? 'text-amber-700' : 'text-gray-500'}>
          {star <= filled ? '★' : '☆'}
        </span>
      ))}
    </span>
  )
}
