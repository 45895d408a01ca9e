import { contentLink } from '@coursekit/core/display'
import type { EndpointView } from '@coursekit/react'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { imageUrl, type LooseItem, text } from '../../ui/content-item.ts'
import { Skeleton } from '../../ui/skeleton.tsx'
import { usePictureSource } from '../../ui/use-picture-source.ts'

// Under the picture, and the whole ground when it is missing: dark enough for the white text either way.
const tones = ['bg-brand-strong', 'bg-emerald-800', 'bg-rose-900']

/**
 * One row on every screen: on a phone the banners scroll sideways instead of stacking, and each is
 * exactly as tall as the skeleton (h-16; two lines of title and one of subtitle fit, longer text is
 * clamped), so the page below does not move when the banners arrive, however many there are.
 */
const row = 'flex snap-x snap-mandatory gap-1.5 overflow-x-auto md:grid md:grid-cols-3 md:overflow-visible'

/** The current promotions, drawn as cards: the banner's picture behind its title and subtitle. */
export function BannerStrip({ view }: { view: EndpointView<{ items: LooseItem[] }> }): ReactNode {
  if (view.status === 'loading' && !view.data) {
    return (
      <div aria-busy className={row}>
        <Skeleton className="h-16 w-full shrink-0 md:w-auto" />
        <Skeleton className="hidden h-16 md:block" />
        <Skeleton className="hidden h-16 md:block" />
      </div>
    )
  }
  const items = view.data?.items ?? []
  if (items.length === 0) return null
  // With more than one, the next banner shows at the edge, so a phone's reader sees there are more.
  const width = items.length > 1 ? 'w-[85%]' : 'w-full'
  return (
    <section aria-label="진행 중인 이벤트" className={row}>
      {items.map((banner, index) => (
        <BannerCard
          key={banner.id}
          banner={banner}
          first={index === 0}
          className={`relative isolate flex h-16 ${width} shrink-0 snap-start flex-col justify-end gap-0.5 overflow-hidden rounded-xl p-2 text-white md:w-auto ${tones[index % tones.length]}`}
        />
      ))}
    </section>
  )
}

/**
 * A banner links where the app's one rule for targets from outside allows (`contentLink`): a page
 * of the app in place, a deliberate external page in a new tab with no handle on this one; any
 * other target from the server makes the banner plain text.
 */
function BannerCard(props: { banner: LooseItem; first: boolean; className: string }): ReactNode {
  const { banner, className } = props
  const content = (
    <>
      <BannerPicture src={imageUrl(banner, 'imageUrl')} first={props.first} />
      {/* Clear of the picture's motif, which sits at the right; a two-line title in even lines, not one word left over. */}
      <span className="line-clamp-2 max-w-[62%] text-balance font-bold text-lg">{text(banner, 'title')}</span>
      <span className="line-clamp-1 max-w-[62%] text-sm opacity-90">{text(banner, 'subtitle')}</span>
    </>
  )
  const target = contentLink(banner.linkUrl, window.location.origin)
  if (target.kind === 'app') {
    return (
      <Link to={target.path} className={className}>
        {content}
      </Link>
    )
  }
  if (target.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className={className}>
        {content}
      </a>
    )
  }
  return <div className={className}>{content}</div>
}

/**
 * The banner's picture, filling the card behind its text (the text says what it shows, so it is
 * decorative): its motif on the right, its left dark under the text. Part of the first screen, so
 * fetched at once, the first one first; a missing or broken one leaves the card's ground.
 */
function BannerPicture({ src: url, first }: { src: string | null; first: boolean }): ReactNode {
  const { src } = usePictureSource(url)
  const [failed, setFailed] = useState<string | null>(null)
  if (src === null || failed === src) return null
  return (
    <img
      src={src}
      alt=""
      width={800}
      height={256}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(src)}
      className="absolute inset-0 -z-10 size-full object-cover object-right"
    />
  )
}
