import type { EndpointView } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { count, type LooseItem, text } from '../../ui/content-item.ts'
import { CourseCard } from '../../ui/course-card.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FailedState } from '../../ui/failed-state.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { CategoryLinks } from './category-links.tsx'
import { HomeSection } from './section.tsx'

type ListView = EndpointView<{ items: LooseItem[] }>

/** How many courses a shelf holds: one full row of the wide screen's four columns. */
const SHELF_SIZE = 4

/**
 * A shelf of courses as the reference platforms lay them out: on a phone one row that scrolls
 * sideways and snaps to a card (the next card peeks at the edge), four columns from 1024 px.
 */
const shelf = 'flex snap-x snap-mandatory gap-1.5 overflow-x-auto pb-1 lg:grid lg:grid-cols-4 lg:overflow-visible'
const shelfItem = 'w-[70%] shrink-0 snap-start sm:w-[40%] lg:w-auto'

/**
 * The courses on the home page: the categories as links into the catalogue, then two shelves, 인기
 * (most reviewed, then best rated) and 새로 나온 (newest first), each one full row on a wide screen.
 */
export function CourseSections({ courses, categories }: { courses: ListView; categories: ListView }): ReactNode {
  const loading =
    (courses.status === 'loading' && !courses.data) || (categories.status === 'loading' && !categories.data)
  if (loading) {
    return (
      // No shelf's title yet: a page waiting for 인기 강의 waits for its courses.
      <section aria-busy aria-label="강의 목록을 불러오는 중" className="flex flex-col gap-1.5">
        <Skeleton className="h-4 w-16" />
        {/* At least a screen tall: the courses, once here, run past the first screen, so what follows
            them (the notices) stays out of view while they load instead of being pushed out of it. */}
        <div className="flex min-h-dvh flex-col gap-1.5">
          <div className={shelf}>
            {['first', 'second', 'third', 'fourth'].map((place) => (
              <div key={place} className={`${shelfItem} flex flex-col gap-1`}>
                <Skeleton className="aspect-video w-full rounded-xl" />
                <Skeleton className="h-3 w-3/4" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            ))}
          </div>
        </div>
      </section>
    )
  }
  const failed = courses.status === 'failed' ? courses : categories.status === 'failed' ? categories : null
  if (failed && !failed.offline && !courses.data) {
    return (
      <HomeSection id="home-popular" title="인기 강의" busy={false}>
        <FailedState message="강의 목록을 불러오지 못했습니다." onRetry={failed.retry} />
      </HomeSection>
    )
  }
  const published = (courses.data?.items ?? []).filter((course) => course.isPublished !== false)
  if (published.length === 0) {
    if (failed?.offline) return null
    return (
      <HomeSection id="home-popular" title="인기 강의" busy={false}>
        <EmptyState>아직 공개된 강의가 없습니다.</EmptyState>
      </HomeSection>
    )
  }
  const categoryItems = categories.data?.items ?? []
  const categoryName = (course: LooseItem) => {
    const category = categoryItems.find((item) => String(item.id) === String(course.categoryId))
    return category ? text(category, 'name') : undefined
  }
  const popular = [...published]
    .sort(
      (a, b) =>
        (count(b, 'reviewCount') ?? 0) - (count(a, 'reviewCount') ?? 0) ||
        (count(b, 'rating') ?? 0) - (count(a, 'rating') ?? 0),
    )
    .slice(0, SHELF_SIZE)
  const newest = [...published]
    .sort((a, b) => (Date.parse(text(b, 'createdAt')) || 0) - (Date.parse(text(a, 'createdAt')) || 0))
    .slice(0, SHELF_SIZE)
  return (
    <>
      <CategoryLinks categories={categoryItems} courses={published} />
      {[
        { id: 'home-popular', title: '인기 강의', items: popular, first: true },
        { id: 'home-new', title: '새로 나온 강의', items: newest, first: false },
      ].map((section) => (
        <HomeSection key={section.id} id={section.id} title={section.title} busy={false} more={<AllCourses />}>
          <ul className={shelf}>
            {section.items.map((course) => (
              <CourseCard
                key={course.id}
                course={course}
                categoryName={categoryName(course)}
                eager={section.first}
                className={shelfItem}
              />
            ))}
          </ul>
        </HomeSection>
      ))}
    </>
  )
}

function AllCourses(): ReactNode {
  return (
    <Link to="/courses" className="font-semibold text-brand-strong text-sm hover:underline">
      전체 강의 보기
    </Link>
  )
}
