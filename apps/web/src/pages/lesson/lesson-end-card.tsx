import type { Lesson } from '@coursekit/core/contract'
import type { NextLessonCountdownView } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { lessonPath, signInPath } from '../../app/paths.ts'

/**
 * What follows a lesson's end, over its picture: the next lesson and a countdown to it (지금 보기,
 * 취소); for a signed-out visitor whose next lesson needs an account, the way to sign in; after
 * the course's last lesson, the way back to the course.
 */
export type LessonEnd =
  | { kind: 'next'; next: Lesson }
  | { kind: 'sign-in'; next: Lesson }
  | { kind: 'last'; courseId: number }

export function LessonEndCard(props: {
  end: LessonEnd
  countdown: NextLessonCountdownView
  onPlayNext(): void
  onClose(): void
}): ReactNode {
  const { end, countdown, onPlayNext, onClose } = props
  return (
    <section aria-labelledby="lesson-end-title" className={cardLook}>
      {end.kind === 'next' ? (
        <>
          <p id="lesson-end-title" className="text-gray-200 text-sm">
            <span aria-hidden className="font-bold text-white tabular-nums">
              {countdown.secondsLeft}초 후{' '}
            </span>
            다음 수업
          </p>
          <p className="line-clamp-2 max-w-md font-bold">{end.next.title}</p>
          {/* Said once, not every second. */}
          <p role="status" className="sr-only">
            잠시 후 다음 수업을 재생합니다
          </p>
          <div className={actionsLook}>
            <button type="button" className={secondaryLook} onClick={onClose}>
              취소
            </button>
            <button type="button" className={primaryLook} onClick={onPlayNext}>
              지금 보기
            </button>
          </div>
        </>
      ) : end.kind === 'sign-in' ? (
        <>
          <p id="lesson-end-title" className="font-bold">
            다음 수업은 로그인 후 볼 수 있어요
          </p>
          <p className="line-clamp-1 max-w-md text-gray-200 text-sm">{end.next.title}</p>
          <div className={actionsLook}>
            <button type="button" className={secondaryLook} onClick={onClose}>
              닫기
            </button>
            <Link to={signInPath(lessonPath(end.next.courseId, end.next.id))} className={primaryLook}>
              로그인하고 계속 보기
            </Link>
          </div>
        </>
      ) : (
        <>
          <p id="lesson-end-title" className="font-bold">
            이 강의의 마지막 수업이에요
          </p>
          <p className="text-gray-200 text-sm">수고하셨어요! 수업 목록에서 언제든 다시 볼 수 있어요.</p>
          <div className={actionsLook}>
            <button type="button" className={secondaryLook} onClick={onClose}>
              닫기
            </button>
            <Link to={`/courses/${end.courseId}`} className={primaryLook}>
              강의로 돌아가기
            </Link>
          </div>
        </>
      )}
    </section>
  )
}

const cardLook =
  'absolute inset-0 z-10 flex flex-col items-center justify-center gap-1 bg-gray-900/90 p-2 text-center text-white'
const actionsLook = 'mt-1 flex gap-1'
const buttonLook = 'flex h-5 items-center rounded-lg px-2 font-semibold text-sm'
const primaryLook = `${buttonLook} bg-white text-gray-900 hover:bg-gray-100`
const secondaryLook = `${buttonLook} border border-white/60 text-white hover:bg-white/10`
