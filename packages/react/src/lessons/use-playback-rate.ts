import { PLAYBACK_RATES, playbackRateOf, savePlaybackRate } from '@coursekit/core'
import { useCallback, useState } from 'react'
import { useCourseClient } from '../course-client-context.ts'

export interface PlaybackRateView {
  /** The speed to play at: the one chosen last on this device, else 1. */
  rate: number
  /** What a speed control offers: 0.75× to 2×. */
  rates: readonly number[]
  /** Chooses and remembers a speed (one of `rates`; anything else changes nothing). */
  setRate(rate: number): void
}

/** The player's speed, remembered on this device for the next lesson and the next visit. */
export function usePlaybackRate(): PlaybackRateView {
  const { platform } = useCourseClient()
  const [rate, setState] = useState(() => playbackRateOf(platform.storage))
  const setRate = useCallback(
    (next: number) => {
      if (savePlaybackRate(platform.storage, next)) setState(next)
    },
    [platform],
  )
  return { rate, rates: PLAYBACK_RATES, setRate }
}
