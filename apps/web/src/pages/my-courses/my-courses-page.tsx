import { type MyCourse, useAuthGate, useMyCourses } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { lessonPath, signInPath } from '../../app/paths.ts'
import { imageUrl, text } from '../../ui/content-item.ts'
import { CourseThumbnail } from '../../ui/course-thumbnail.tsx'
import { FailedState } from '../../ui/failed-state.tsx'
import { OfflineBanner } from '../../ui/offline-banner.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { Skeleton } from '../../ui/skeleton.tsx'

/**
 * `/my/courses` (내 강의실), signed in only: the courses watched on this device (progress is kept
 * per device; there is no enrolment or purchase in the contract), each with its progress and a link
 * to continue.
 */
export function MyCoursesPage(): ReactNode {
  const gate = useAuthGate({ redirectTo: signInPath('/my/courses') })
  if (!gate.isAuthenticated) {
    return (
      <section aria-busy className="flex flex-col gap-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-16" />
      </section>
    )
  }
  return <MyCourses />
}

function MyCourses(): ReactNode {
  const mine = useMyCourses()
  const loading = mine.status === 'loading'
  return (
    <div className="flex flex-col gap-2">
      <PageTitle title="내 강의실">내 강의실</PageTitle>
      <p className="text-gray-700 text-sm">이 기기에서 시청한 강의입니다. 진도는 기기와 계정마다 따로 저장됩니다.</p>
      {mine.offline && <OfflineBanner onRetry={mine.retry} />}
      <section aria-busy={loading} aria-label="시청한 강의" className="flex flex-col gap-1.5">
        {loading ? (
          <>
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </>
        ) : mine.status === 'failed' ? (
          mine.offline ? null : (
            <FailedState message="내 강의를 불러오지 못했습니다." onRetry={mine.retry} />
          )
        ) : mine.courses.length === 0 ? (
          <div className="flex flex-col items-start gap-1 rounded-lg bg-gray-50 px-2 py-2">
            <p className="text-gray-700">
              아직 이 기기에서 시청한 강의가 없습니다. 마음에 드는 강의를 찾아 첫 수업을 들어보세요.
            </p>
            <Link
              to="/courses"
              className="rounded-md bg-brand-strong px-1.5 py-0.5 font-semibold text-sm text-white hover:bg-brand"
            >
              전체 강의 보기
            </Link>
          </div>
        ) : (
          <ul className="grid gap-1.5 md:grid-cols-2">
            {mine.courses.map((entry) => (
              <MyCourseCard key={entry.course.id} entry={entry} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function MyCourseCard({ entry }: { entry: MyCourse }): ReactNode {
  const { course, progress } = entry
  const title = text(course, 'title')
  const percent = progress.total > 0 ? Math.round((progress.doneCount / progress.total) * 100) : 0
  const next = entry.lessons.find((lesson) => lesson.id === progress.nextLessonId)
  const done = progress.status === 'done'
  return (
    // The course's picture beside what it says, as Korean course stores list a learner's courses.
    <li className="flex gap-1.5 rounded-xl border border-gray-200 p-2">
      {/* The title beside it names the course: the picture is for the eye only. */}
      <div aria-hidden className="w-12 shrink-0 sm:w-20">
        <CourseThumbnail
          src={imageUrl(course, 'thumbnailUrl')}
          title={title}
          categoryId={course.categoryId}
          className="rounded-lg"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={`/courses/${course.id}`} className="font-bold hover:text-brand-strong hover:underline">
          {title}
        </Link>
        <div className="flex items-center gap-1">
          <progress
            value={progress.doneCount}
            max={Math.max(progress.total, 1)}
            aria-label={`${title} 진도`}
            className="h-1 flex-1 appearance-none overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-brand-strong"
          />
          <span className="shrink-0 text-gray-700 text-sm tabular-nums">
            {progress.doneCount}/{progress.total} · {percent}%
          </span>
        </div>
        {next && (
          <Link
            to={lessonPath(course.id, next.id)}
            aria-label={`${title} ${done ? '복습하기' : '이어보기'}: ${next.order}. ${next.title}`}
            className="flex h-5 items-center justify-center self-start rounded-lg bg-brand-strong px-2 font-semibold text-sm text-white hover:bg-brand"
          >
            {done ? '복습하기' : '이어보기'}
          </Link>
        )}
        {next && (
          <p className="text-gray-700 text-sm">
            {done ? '모든 수업 완료' : '다음 수업'}: {next.order}. {next.title}
          </p>
        )}
      </div>
    </li>
  )
}
