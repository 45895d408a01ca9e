import { type DeviceSummary, dialogLabels, useEndpoint } from '@coursekit/react'
import { type ReactNode, useId } from 'react'

/** One device as its owner recognises it: browser and OS, kind, last seen, what it watches. */
export function DeviceRow(props: { device: DeviceSummary; onRemove(): void }): ReactNode {
  const { device } = props
  const headingId = useId()
  return (
    <li
      aria-labelledby={headingId}
      className={`flex flex-col gap-1 rounded-lg border bg-white p-1.5 sm:flex-row sm:items-center sm:gap-2 ${device.isCurrent ? 'border-brand-strong' : 'border-gray-200'}`}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p id={headingId} className="flex flex-wrap items-center gap-x-1 font-semibold">
          {device.name}
          {device.isCurrent && (
            <span className="rounded-md bg-brand-soft px-0.5 font-semibold text-brand-strong text-sm">이 기기</span>
          )}
        </p>
        <p className="text-gray-700 text-sm">
          {dialogLabels.deviceTypes[device.deviceType]} · 마지막 접속 {device.lastSeen}
          {device.isOldest ? ' · 가장 오래된 기기' : ''}
        </p>
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
        className="h-6 shrink-0 rounded-lg border border-gray-300 bg-white px-2 font-semibold text-gray-800 text-sm hover:bg-gray-50"
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
