import type { CalendarDay as Day } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { dayTitle, eventTime, eventTypeLook, eventTypeWord, weekdayLook } from './calendar-words.ts'

/**
 * One day of the month. On a phone only days with events (and today) show, as a list; from `md` up
 * every day is a cell of the week grid, the first placed under its weekday. Saturdays are blue and
 * Sundays red; an event that ended before `now` is dimmed (and says so to a screen reader).
 */
export function CalendarDay({ day, now }: { day: Day; now: number }): ReactNode {
  const busy = day.events.length > 0
  const title = dayTitle(day.key)
  return (
    <li
      aria-current={day.isToday ? 'date' : undefined}
      style={day.day === 1 ? { gridColumnStart: day.weekday + 1 } : undefined}
      className={`${busy || day.isToday ? 'flex' : 'hidden md:flex'} flex-col gap-1 rounded-lg border p-1.5 md:min-h-24 md:rounded-none md:border-0 md:p-1 ${
        day.isToday ? 'border-brand-strong bg-brand-soft' : 'border-gray-200 bg-white'
      }`}
    >
      <h3 className="flex items-center gap-1 font-semibold text-gray-900 text-sm">
        <span className={`md:sr-only ${weekdayLook(day.weekday)}`}>{title}</span>
        <span aria-hidden className={`hidden md:inline ${weekdayLook(day.weekday)}`}>
          {day.day}
        </span>
        {day.isToday && (
          <span className="rounded-md bg-brand-strong px-0.5 font-semibold text-white text-sm">오늘</span>
        )}
      </h3>
      {busy ? (
        <ul className="flex flex-col gap-0.5">
          {day.events.map((event) => {
            const past = event.endsAt < now
            return (
              <li key={event.id} data-past={past || undefined} className="flex flex-col gap-0.5 text-sm">
                <span className="flex flex-wrap items-center gap-0.5">
                  <span
                    className={`rounded-md px-0.5 font-semibold ${past ? 'bg-gray-100 text-gray-600' : eventTypeLook(event.type)}`}
                  >
                    {eventTypeWord(event.type)}
                  </span>
                  <span className={past ? 'text-gray-600' : 'text-gray-700'}>
                    {eventTime(event.startsAt, event.endsAt)}
                  </span>
                </span>
                {event.courseId ? (
                  <Link
                    to={`/courses/${event.courseId}`}
                    className={`font-semibold hover:underline ${past ? 'text-gray-600' : 'text-brand-strong'}`}
                  >
                    {event.title}
                  </Link>
                ) : (
                  <span className={`font-semibold ${past ? 'text-gray-600' : 'text-gray-900'}`}>{event.title}</span>
                )}
                {past && <span className="sr-only">(지난 일정)</span>}
              </li>
            )
          })}
        </ul>
      ) : (
        day.isToday && <p className="text-gray-600 text-sm md:sr-only">일정 없음</p>
      )}
    </li>
  )
}
