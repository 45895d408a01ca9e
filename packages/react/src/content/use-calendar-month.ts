import type { ApiFailure } from '@coursekit/core'
import {
  type CalendarMonth,
  daysOfMonth,
  type MonthDay,
  monthKey,
  parseMonth,
  seoulDay,
  seoulMonth,
  shiftMonth,
} from '@coursekit/core/display'
import { useMemo } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { idOf, textOf, timeOf } from './content-fields.ts'
import { type EndpointStatus, useEndpoint } from './use-endpoint.ts'

/** One event of the calendar endpoint. */
export interface CalendarEvent {
  id: string
  title: string
  /** As the server names it: LIVE, DEADLINE, OPEN, ... (the page says it in words). */
  type: string
  /** The course it belongs to; null for a platform-wide event. */
  courseId: string | null
  /** Epoch milliseconds. */
  startsAt: number
  /** Epoch milliseconds; equal to startsAt for a moment (a deadline). */
  endsAt: number
}

export interface CalendarDay extends MonthDay {
  isToday: boolean
  /** The events starting this day (in Seoul), earliest first. */
  events: CalendarEvent[]
}

export interface CalendarMonthView {
  status: EndpointStatus
  failure: ApiFailure | null
  offline: boolean
  retry(): void
  month: CalendarMonth
  /** `YYYY-MM` of the month shown, and of the months before and after it. */
  key: string
  previous: string
  next: string
  /** Today in Seoul on the client's clock, `YYYY-MM-DD`. */
  today: string
  /** The client's clock when this view was made (epoch ms): an event that ended before it is past. */
  now: number
  /** The month shown is the one today is in. */
  isCurrentMonth: boolean
  /** Every day of the month, with its events. */
  days: CalendarDay[]
  eventCount: number
}

/** The calendar endpoint's page size: the whole calendar in one read (the mock's maximum). */
const CALENDAR_READ_LIMIT = 100

/**
 * The platform calendar for a month as the page lays it out: the month named by `month` (`YYYY-MM`,
 * e.g. from the address), else the month of today; each day in Seoul's time whatever the machine's
 * zone, today on the client's clock, each event under the Seoul day it starts on.
 */
export function useCalendarMonth(month: string | null | undefined): CalendarMonthView {
  const client = useCourseClient()
  const view = useEndpoint('calendar', { query: { limit: CALENDAR_READ_LIMIT } })
  const now = client.clock.now()
  const today = seoulDay(now)
  const shown = parseMonth(month) ?? seoulMonth(now)
  const key = monthKey(shown)
  const items = view.data?.items

  const days = useMemo(() => {
    const byDay = new Map<string, CalendarEvent[]>()
    for (const item of items ?? []) {
      const startsAt = timeOf(item, 'startsAt')
      if (startsAt === null) continue
      const event: CalendarEvent = {
        id: String(item.id),
        title: textOf(item, 'title'),
        type: textOf(item, 'type'),
        courseId: idOf(item, 'courseId'),
        startsAt,
        endsAt: Math.max(startsAt, timeOf(item, 'endsAt') ?? startsAt),
      }
      const day = seoulDay(startsAt)
      byDay.set(day, [...(byDay.get(day) ?? []), event])
    }
    return daysOfMonth(parseMonth(key)!).map((day) => ({
      ...day,
      isToday: day.key === today,
      events: (byDay.get(day.key) ?? []).sort((a, b) => a.startsAt - b.startsAt),
    }))
  }, [items, key, today])

  return {
    status: view.status,
    failure: view.failure,
    offline: view.offline,
    retry: view.retry,
    month: shown,
    key,
    previous: monthKey(shiftMonth(shown, -1)),
    next: monthKey(shiftMonth(shown, 1)),
    today,
    now,
    isCurrentMonth: today.startsWith(`${key}-`),
    days,
    eventCount: days.reduce((sum, day) => sum + day.events.length, 0),
  }
}
