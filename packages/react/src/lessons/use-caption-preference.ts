import { captionsEnabledOf, saveCaptionsEnabled } from '@coursekit/core'
import { useCallback, useState } from 'react'
import { useCourseClient } from '../course-client-context.ts'

export interface CaptionPreferenceView {
  /** Whether captions show: as the learner chose last on this device, else off. */
  enabled: boolean
  /** Turns captions on or off and remembers it for the next lesson and the next visit. */
  setEnabled(enabled: boolean): void
}

/** The player's 자막 on/off, remembered on this device (core's caption preference). */
export function useCaptionPreference(): CaptionPreferenceView {
  const { platform } = useCourseClient()
  const [enabled, setState] = useState(() => captionsEnabledOf(platform.storage))
  const setEnabled = useCallback(
    (next: boolean) => {
      saveCaptionsEnabled(platform.storage, next)
      setState(next)
    },
    [platform],
  )
  return { enabled, setEnabled }
}
