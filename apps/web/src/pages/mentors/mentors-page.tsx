import { type Mentor, useMentors } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FailedState } from '../../ui/failed-state.tsx'
import { OfflineBanner } from '../../ui/offline-banner.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'
import { useHashTarget } from '../../ui/use-hash-target.ts'

/**
 * `/mentors`: every mentor with what they do, their careers and their courses. Each mentor's block
 * is `#mentor-<id>`, so a course page can link `/mentors#mentor-<id>` and land on it.
 */
export function MentorsPage(): ReactNode {
  const view = useMentors()
  const loading = view.status === 'loading' && view.mentors.length === 0
  useHashTarget(view.mentors.length > 0)
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-0.5">
        <PageTitle title="멘토">멘토</PageTitle>
        <p className="text-gray-600">현업에서 일하는 멘토들이 직접 강의합니다.</p>
      </div>
      {view.offline && <OfflineBanner onRetry={view.retry} />}
      {view.status === 'failed' && !view.offline && (
        <FailedState message="멘토 정보를 불러오지 못했습니다." onRetry={view.retry} />
      )}
      {loading ? (
        <div aria-busy className="grid gap-2 lg:grid-cols-2">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : view.mentors.length === 0 ? (
        view.status === 'ready' && <EmptyState>아직 소개할 멘토가 없습니다.</EmptyState>
      ) : (
        <ul className="grid gap-2 lg:grid-cols-2">
          {view.mentors.map((mentor) => (
            <MentorBlock key={mentor.id} mentor={mentor} />
          ))}
        </ul>
      )}
    </div>
  )
}

function MentorBlock({ mentor }: { mentor: Mentor }): ReactNode {
  const headingId = `mentor-${mentor.id}-name`
  return (
    <li
      id={`mentor-${mentor.id}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="flex scroll-mt-2 flex-col gap-1.5 rounded-xl border border-gray-200 p-2 focus:border-brand-strong sm:p-3"
    >
      <div className="flex items-center gap-1.5">
        {/* The photo lives on a CDN the demo does not have: the mentor's initial stands in. */}
        <span
          aria-hidden
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-soft font-bold text-brand-strong text-lg"
        >
          {mentor.name.slice(0, 1)}
        </span>
        <div className="flex flex-col">
          <h2 id={headingId} className="font-bold text-gray-900 text-lg">
            {mentor.name}
          </h2>
          <p className="text-gray-700 text-sm">{mentor.title}</p>
        </div>
      </div>
      {mentor.bio && <p className="text-gray-800">{mentor.bio}</p>}
      {mentor.careers.length > 0 && (
        <div className="flex flex-col gap-0.5">
          <h3 className="font-semibold text-gray-900 text-sm">경력</h3>
          <ul className="flex flex-col gap-0.5 text-gray-700 text-sm">
            {mentor.careers.map((career) => (
              <li key={career} className="flex gap-1 before:text-gray-400 before:content-['·']">
                {career}
              </li>
            ))}
          </ul>
        </div>
      )}
      {mentor.courses.length > 0 && (
        <div className="flex flex-col gap-0.5">
          <h3 className="font-semibold text-gray-900 text-sm">강의</h3>
          <ul className="flex flex-col gap-0.5">
            {mentor.courses.map((course) => (
              <li key={course.id}>
                <Link
                  to={`/courses/${course.id}`}
                  className="inline-flex min-h-4 items-center font-semibold text-brand-strong hover:underline"
                >
                  {course.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  )
}
