import type { ContentItem } from '@coursekit/core/display'
import { useCourseCatalogue } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { text } from '../../ui/content-item.ts'
import { CourseCard } from '../../ui/course-card.tsx'
import { FailedState } from '../../ui/failed-state.tsx'
import { OfflineBanner } from '../../ui/offline-banner.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { CatalogueSearch } from './catalogue-search.tsx'
import { CategoryChips } from './category-chips.tsx'
import { hangulMatch } from './hangul-match.ts'

/** Two columns on a phone (as the reference platforms' catalogues), four on a wide screen. */
const grid = 'grid grid-cols-2 gap-x-1.5 gap-y-3 lg:grid-cols-4'
/** The cards of the first row at the widest layout: their pictures are the first screen's. */
const FIRST_ROW = 4

function categoryName(categories: ContentItem[], id: unknown): string | undefined {
  const category = categories.find((item) => String(item.id) === String(id))
  return category ? text(category, 'name') : undefined
}

/** `/courses?q=&category=&sale=`: every published course, searched and narrowed through the URL. */
export function CataloguePage(): ReactNode {
  const [params] = useSearchParams()
  const query = params.get('q') ?? ''
  const onSale = params.get('sale') === 'true'
  const catalogue = useCourseCatalogue({ query, categoryId: params.get('category'), onSale, match: hangulMatch })
  const loading = catalogue.status === 'loading' && catalogue.publishedCount === 0
  const filtered = query !== '' || params.has('category') || onSale

  return (
    <div className="flex flex-col gap-2">
      <PageTitle title={onSale ? '할인 중인 강의' : '전체 강의'}>{onSale ? '할인 중인 강의' : '전체 강의'}</PageTitle>
      {catalogue.offline && <OfflineBanner onRetry={catalogue.retry} />}
      <CatalogueSearch />
      <CategoryChips categories={catalogue.categories} />
      <section aria-labelledby="catalogue-results" aria-busy={loading} className="flex flex-col gap-1.5">
        <h2 id="catalogue-results" className="sr-only">
          검색 결과
        </h2>
        <p className="text-gray-700 text-sm" aria-live="polite">
          {loading
            ? ''
            : catalogue.status === 'failed' && catalogue.publishedCount === 0
              ? ''
              : `강의 ${catalogue.entries.length}개`}
        </p>
        {loading ? (
          // At least a screen tall, as the list will be: the footer stays out of view meanwhile.
          <div className={`${grid} min-h-dvh content-start`}>
            <Skeleton className="aspect-video rounded-xl" />
            <Skeleton className="aspect-video rounded-xl" />
            <Skeleton className="hidden aspect-video rounded-xl lg:block" />
            <Skeleton className="hidden aspect-video rounded-xl lg:block" />
          </div>
        ) : catalogue.status === 'failed' && catalogue.publishedCount === 0 ? (
          catalogue.offline ? null : (
            <FailedState message="강의 목록을 불러오지 못했습니다." onRetry={catalogue.retry} />
          )
        ) : catalogue.entries.length === 0 ? (
          <div className="flex flex-col items-start gap-1 rounded-lg bg-gray-50 px-2 py-2">
            <p className="text-gray-700">
              {query
                ? `‘${query}’에 맞는 강의가 없습니다.`
                : filtered
                  ? '조건에 맞는 강의가 없습니다.'
                  : '아직 공개된 강의가 없습니다.'}{' '}
              {filtered ? '검색어나 분야를 바꿔보세요.' : ''}
            </p>
            {filtered && (
              <Link
                to="/courses"
                className="rounded-md border border-gray-300 bg-white px-1.5 py-0.5 font-semibold text-gray-800 text-sm hover:bg-gray-100"
              >
                검색 조건 지우기
              </Link>
            )}
          </div>
        ) : (
          <ul className={grid}>
            {catalogue.entries.map(({ course, mentor }, index) => (
              <CourseCard
                key={course.id}
                course={course}
                mentorName={mentor ? text(mentor, 'name') : null}
                categoryName={categoryName(catalogue.categories, course.categoryId)}
                eager={index < FIRST_ROW}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
