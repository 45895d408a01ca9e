import type { Lesson } from '@coursekit/core/contract'
import { useLessonProgress } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { lessonPath } from '../../app/paths.ts'
import { type LooseItem, text } from '../../ui/content-item.ts'
import { PageTitle } from '../../ui/page-title.tsx'
import { LessonList } from './lesson-list.tsx'
import { LessonMaterials } from './lesson-materials.tsx'
import { LessonPlayer } from './lesson-player.tsx'
import { playerLayout } from './player-layout.ts'

/** A lesson of a course: the player, what it is, the way to the lessons before and after it, and the list. */
export function LessonView(props: { course: LooseItem; lesson: Lesson; lessons: readonly Lesson[] }): ReactNode {
  const { course, lesson, lessons } = props
  const index = lessons.indexOf(lesson)
  const previous = lessons[index - 1]
  const next = lessons[index + 1]
  const { done } = useLessonProgress(lesson.id)
  return (
    <div className={playerLayout.page}>
      <section aria-labelledby="lesson-title" className="flex min-w-0 flex-col gap-2">
        {/* One player per lesson: leaving a lesson ends its watch before the next one starts. */}
        <LessonPlayer key={lesson.id} lesson={lesson} next={next} />
        <div className="flex flex-col gap-0.5">
          <Link to={`/courses/${course.id}`} className="text-brand-strong text-sm hover:underline">
            {text(course, 'title')}
          </Link>
          <div id="lesson-title">
            <PageTitle title={lesson.title}>
              <span className="text-gray-600 text-lg">{lesson.order}강 </span>
              {lesson.title}
            </PageTitle>
          </div>
          {done && <p className="font-semibold text-green-800 text-sm">✓ 수강 완료한 수업입니다</p>}
          <LessonMaterials lesson={lesson} />
        </div>
        <nav aria-label="이전 수업과 다음 수업" className="grid grid-cols-2 gap-1">
          {previous ? (
            <Link to={lessonPath(previous.courseId, previous.id)} className={stepLook}>
              <span className="text-gray-600 text-sm">← 이전 수업</span>
              <span className="line-clamp-2 font-semibold">{previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link
              to={lessonPath(next.courseId, next.id)}
              state={{ autoplay: true }}
              className={`${stepLook} items-end text-right`}
            >
              <span className="text-gray-600 text-sm">다음 수업 →</span>
              <span className="line-clamp-2 font-semibold">{next.title}</span>
            </Link>
          )}
        </nav>
      </section>
      <LessonList lessons={lessons} currentId={lesson.id} />
    </div>
  )
}

// A step's title takes two lines where it must (a phone's half-width step) rather than a few words and '…'.
const stepLook = 'flex min-w-0 flex-col rounded-lg border border-gray-200 px-1.5 py-1 hover:border-brand'
