import type { DeviceCommandResult } from '@coursekit/core'
import type { DeviceSummary } from '@coursekit/core/display'
import { type ReactNode, useState } from 'react'

/**
 * Shown while another of the learner's devices is watching: one video at a time per learner, so
 * ending those watches (terminate-others) frees this device to play. The client's notice says how
 * it went (다른 기기 시청이 종료되었습니다.).
 */
export function OtherWatches(props: {
  devices: readonly DeviceSummary[]
  onEnd(videoId: string): Promise<DeviceCommandResult>
}): ReactNode {
  const [ending, setEnding] = useState(false)
  const watching = props.devices.filter((device) => !device.isCurrent && device.isWatchingVideo)
  const videoId = watching.find((device) => device.videoId !== null)?.videoId
  if (watching.length === 0 || !videoId) return null
  return (
    <div className="flex flex-wrap items-center gap-1 rounded-lg bg-brand-soft px-2 py-1.5">
      <p className="flex-1 text-sm">
        다른 기기 {watching.length}대에서 강의를 시청하고 있습니다. 한 번에 한 기기에서만 시청할 수 있습니다.
      </p>
      <button
        type="button"
        aria-disabled={ending}
        onClick={() => {
          if (ending) return
          setEnding(true)
          void props.onEnd(videoId).finally(() => setEnding(false))
        }}
        className="h-6 rounded-lg bg-brand-strong px-2 font-semibold text-sm text-white hover:bg-brand aria-disabled:opacity-60"
      >
        {ending ? '종료 중…' : '다른 기기 시청 종료'}
      </button>
    </div>
  )
}
