import { DESKTOP_APP_NAME } from '@coursekit/core'
import type { DeviceSummary } from '@coursekit/core/display'
import { dialogLabels, useEndpoint } from '@coursekit/react'
import { type ReactNode, useId } from 'react'
import { isoTime, koreanDate } from '../../ui/korean-date.ts'
import { DeviceIcon, type DeviceKind } from './device-icon.tsx'

/**
 * One device as its owner recognises it: an icon of its kind, browser and OS, last seen, when it
 * first signed in (the oldest says so beside that date, not beside its last visit), what it watches.
 */
export function DeviceRow(props: { device: DeviceSummary; onRemove(): void }): ReactNode {
  const { device } = props
  const headingId = useId()
  const kind: DeviceKind = device.browser === DESKTOP_APP_NAME ? 'app' : device.deviceType
  const firstSignIn = Date.parse(device.createdAt)
  return (
    <li
      aria-labelledby={headingId}
      className={`flex flex-wrap items-start gap-1.5 rounded-lg border bg-white p-1.5 sm:flex-nowrap sm:items-center sm:gap-2 ${device.isCurrent ? 'border-brand-strong' : 'border-gray-200'}`}
    >
      <span className="flex size-5 shrink-0 items-center justify-center rounded-lg bg-gray-100 text-gray-700">
        <DeviceIcon kind={kind} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p id={headingId} className="flex flex-wrap items-center gap-x-1 font-semibold">
          {device.name}
          {device.isCurrent && (
            <span className="rounded-md bg-brand-soft px-0.5 font-semibold text-brand-strong text-sm">이 기기</span>
          )}
        </p>
        <p className="text-gray-700 text-sm">
          {dialogLabels.deviceTypes[device.deviceType]} · 마지막 접속 {device.lastSeen}
        </p>
        {!Number.isNaN(firstSignIn) && (
          <p className="text-gray-700 text-sm">
            {/* A date on one line: 11월 | 27일 split over two reads badly. */}
            처음 로그인{' '}
            <time className="whitespace-nowrap" dateTime={isoTime(firstSignIn)}>
              {koreanDate(firstSignIn)}
            </time>
            {device.isOldest && <span className="whitespace-nowrap"> · {dialogLabels.oldest}</span>}
          </p>
        )}
        <p className="text-sm">
          {device.isWatchingVideo ? (
            <span className="text-brand-strong">
              시청 중: <WatchedVideo videoId={device.videoId} />
            </span>
          ) : (
            <span className="text-gray-600">시청하지 않음</span>
          )}
        </p>
      </div>
      <button
        type="button"
        onClick={props.onRemove}
        aria-label={device.isCurrent ? '이 기기 제거' : `${device.name} 기기 제거`}
        className="h-6 w-full shrink-0 rounded-lg border sm:w-auto border-gray-300 bg-white px-2 font-semibold text-gray-800 text-sm hover:bg-gray-50"
      >
        기기 제거
      </button>
    </li>
  )
}

/** The lesson whose video it is (from the public lessons), else the video's id. */
function WatchedVideo({ videoId }: { videoId: string | null }): ReactNode {
  if (videoId === null) return '영상'
  return <LessonTitle videoId={videoId} />
}

function LessonTitle({ videoId }: { videoId: string }): ReactNode {
  const lessons = useEndpoint('lessons', { query: { videoId } })
  const title = lessons.data?.items.find((lesson) => lesson.videoId === videoId)?.title
  return title ?? `영상 ${videoId}`
}
