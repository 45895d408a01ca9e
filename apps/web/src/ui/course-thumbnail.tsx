import { type ReactNode, useState } from 'react'
import { categoryGround } from './course-art.ts'
import { usePictureSource } from './use-picture-source.ts'

export interface CourseThumbnailProps {
  /** The picture's URL, or null when the course has none. */
  src: string | null
  /** The course's title: the picture's alt text. */
  title: string
  categoryId: unknown
  /** Printed on the fallback, when known. */
  categoryName?: string | undefined
  /** Above the fold (the page's largest picture, likely): fetched at once and first; else lazily. */
  eager?: boolean
  className?: string
}

/**
 * A course's 16:9 picture. Its box is reserved before the picture arrives (aspect-ratio, and width and
 * height for the browser's own), so nothing below it moves; a missing or broken picture becomes the
 * category's branded ground, named by the same title.
 */
export function CourseThumbnail({
  src,
  title,
  categoryId,
  categoryName,
  eager = false,
  className = '',
}: CourseThumbnailProps): ReactNode {
  const picture = usePictureSource(src)
  const [failed, setFailed] = useState<string | null>(null)
  const box = `relative aspect-video w-full overflow-hidden bg-gray-100 ${className}`
  if (picture.loading) return <div className={box} />
  if (picture.src === null || failed === picture.src) {
    return (
      <div
        role="img"
        aria-label={title}
        data-fallback=""
        className={`${box} flex items-end bg-linear-to-br p-1 ${categoryGround(categoryId)}`}
      >
        <span
          aria-hidden
          className="absolute top-1/2 left-1/2 size-7 -translate-1/2 rounded-full bg-white/20 ring-8 ring-white/10"
        />
        <span aria-hidden className="relative font-bold text-sm text-white">
          {categoryName || '코스킷'}
        </span>
      </div>
    )
  }
  return (
    <div className={box}>
      <img
        src={picture.src}
        alt={title}
        width={640}
        height={360}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        onError={() => setFailed(picture.src)}
        className="size-full object-cover"
      />
    </div>
  )
}
