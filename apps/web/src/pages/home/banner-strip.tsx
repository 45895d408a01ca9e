import type { EndpointView } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { type LooseItem, text } from '../../ui/content-item.ts'
import { Skeleton } from '../../ui/skeleton.tsx'

const tones = ['bg-brand-strong text-white', 'bg-emerald-800 text-white', 'bg-amber-100 text-amber-950']

/** The current promotions, drawn as cards (no image: the text is the banner). */
export function BannerStrip({ view }: { view: EndpointView<{ items: LooseItem[] }> }): ReactNode {
  if (view.status === 'loading' && !view.data) {
    return (
      <div aria-busy className="grid gap-1.5 md:grid-cols-3">
        <Skeleton className="h-16" />
        <Skeleton className="hidden h-16 md:block" />
        <Skeleton className="hidden h-16 md:block" />
      </div>
    )
  }
  const items = view.data?.items ?? []
  if (items.length === 0) return null
  return (
    <section aria-label="진행 중인 이벤트" className="grid gap-1.5 md:grid-cols-3">
      {items.map((banner, index) => (
        <Link
          key={banner.id}
          to={text(banner, 'linkUrl') || '/'}
          className={`flex min-h-16 flex-col justify-end gap-0.5 rounded-xl p-2 ${tones[index % tones.length]}`}
        >
          <span className="font-bold text-lg">{text(banner, 'title')}</span>
          <span className="text-sm opacity-90">{text(banner, 'subtitle')}</span>
        </Link>
      ))}
    </section>
  )
}
