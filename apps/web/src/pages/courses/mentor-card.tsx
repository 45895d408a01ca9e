import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { type LooseItem, text } from '../../ui/content-item.ts'

/** The course's mentor: an initial in place of the photo (the mock's images do not exist), name, title, bio. */
export function MentorCard({ mentor }: { mentor: LooseItem }): ReactNode {
  const name = text(mentor, 'name')
  return (
    <section aria-labelledby="course-mentor" className="flex flex-col gap-1">
      <h2 id="course-mentor" className="font-bold text-gray-900 text-lg">
        멘토 소개
      </h2>
      <div className="flex gap-1.5 rounded-lg border border-gray-200 p-1.5">
        <span
          aria-hidden
          className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-soft font-bold text-brand-strong text-lg"
        >
          {name.slice(0, 1)}
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <p>
            <span className="font-bold">{name}</span>{' '}
            <span className="text-gray-700 text-sm">{text(mentor, 'title')}</span>
          </p>
          <p className="text-gray-700 text-sm">{text(mentor, 'bio')}</p>
          <Link to={`/mentors#mentor-${mentor.id}`} className="self-start text-brand-strong text-sm underline">
            {name} 멘토 더 알아보기
          </Link>
        </div>
      </div>
    </section>
  )
}
