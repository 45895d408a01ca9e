import { useEndpoint } from '@coursekit/react'
import type { ReactNode } from 'react'
import { OfflineBanner } from '../../ui/offline-banner.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { BannerStrip } from './banner-strip.tsx'
import { CourseSections } from './course-sections.tsx'
import { NoticeList } from './notice-list.tsx'

/** `/`: banners, notices and the courses by category, from the public endpoints. */
export function HomePage(): ReactNode {
  const banners = useEndpoint('banners')
  const notices = useEndpoint('notices')
  const courses = useEndpoint('courses', { query: { limit: 100 } })
  const categories = useEndpoint('courseCategories')
  const views = [banners, notices, courses, categories]
  const offline = views.some((view) => view.offline)
  const retryAll = () => {
    for (const view of views) if (view.status === 'failed') view.retry()
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="sr-only">
        <PageTitle title="홈">코스킷 홈</PageTitle>
      </div>
      {offline && <OfflineBanner onRetry={retryAll} />}
      <BannerStrip view={banners} />
      <CourseSections courses={courses} categories={categories} />
      <NoticeList view={notices} />
    </div>
  )
}
