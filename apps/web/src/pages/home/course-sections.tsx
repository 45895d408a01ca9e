import type { EndpointView } from '@coursekit/react'
import type { ReactNode } from 'react'
import { count, type LooseItem, text } from '../../ui/content-item.ts'
import { CourseCard } from '../../ui/course-card.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FailedState } from '../../ui/failed-state.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { HomeSection } from './section.tsx'

type ListView = EndpointView<{ items: LooseItem[] }>

/** The courses, one section per category in the categories' order; a category with none is left out. */
export function CourseSections({ courses, categories }: { courses: ListView; categories: ListView }): ReactNode {
  const loading =
    (courses.status === 'loading' && !courses.data) || (categories.status === 'loading' && !categories.data)
  if (loading) {
    return (
      <HomeSection id="home-courses" title="분야별 강의" busy>
        {/* At least a screen tall: the courses, once here, run past the first screen, so what follows
            them (the notices) stays out of view while they load instead of being pushed out of it. */}
        <div className="grid min-h-dvh content-start gap-1.5 sm:grid-cols-2 lg:grid-cols-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="hidden h-20 lg:block" />
        </div>
      </HomeSection>
    )
  }
  const failed = courses.status === 'failed' ? courses : categories.status === 'failed' ? categories : null
  if (failed && !failed.offline && !courses.data) {
    return (
      <HomeSection id="home-courses" title="분야별 강의" busy={false}>
        <FailedState message="강의 목록을 불러오지 못했습니다." onRetry={failed.retry} />
      </HomeSection>
    )
  }
  const all = courses.data?.items ?? []
  const groups = [...(categories.data?.items ?? [])]
    .sort((a, b) => (count(a, 'order') ?? 0) - (count(b, 'order') ?? 0))
    .map((category) => ({ category, items: all.filter((course) => course.categoryId === category.id) }))
    .filter((group) => group.items.length > 0)
  if (groups.length === 0) {
    if (failed?.offline) return null
    return (
      <HomeSection id="home-courses" title="분야별 강의" busy={false}>
        <EmptyState>아직 공개된 강의가 없습니다.</EmptyState>
      </HomeSection>
    )
  }
  return (
    <>
      {groups.map(({ category, items }) => (
        <HomeSection key={category.id} id={`category-${category.id}`} title={text(category, 'name')} busy={false}>
          <ul className="grid gap-1.5 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </ul>
        </HomeSection>
      ))}
    </>
  )
}
