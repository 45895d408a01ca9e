import type { ApiFailure, DownloadedFile } from '@coursekit/core'
import { lessonMaterialsPath } from '@coursekit/core/contract'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useCourseClient } from '../course-client-context.ts'

export type LessonMaterialsStatus = 'idle' | 'loading' | 'failed'

export interface LessonMaterialsView {
  status: LessonMaterialsStatus
  /** Why the last try failed (its `error` is text for a person), null unless `failed`. */
  failure: ApiFailure | null
  /** No answer arrived (status 0). */
  offline: boolean
  /**
   * Fetches the lesson's materials: the file (its bytes and the name the server gives it) to save,
   * or null when it failed (or the component went, or a fetch is already under way).
   */
  download(): Promise<DownloadedFile | null>
}

/**
 * A lesson's materials (수업 자료) as a file to save. A preview lesson's are fetched as a public
 * read; any other lesson's for the signed-in learner, with their bearer (로그인이 필요합니다.
 * without one). The client's rules apply as to every call (a 5xx is a toast, a 401 recovers or
 * signs out); a download under way when the component goes is aborted.
 */
export function useLessonMaterials(lesson: { id: string | number; isPreview: boolean }): LessonMaterialsView {
  const client = useCourseClient()
  const [state, setState] = useState<{ status: LessonMaterialsStatus; failure: ApiFailure | null }>({
    status: 'idle',
    failure: null,
  })
  const running = useRef<AbortController | null>(null)
  useEffect(() => () => running.current?.abort(), [])

  const { id, isPreview } = lesson
  const download = useCallback(async () => {
    if (running.current) return null
    const stop = new AbortController()
    running.current = stop
    setState({ status: 'loading', failure: null })
    try {
      const result = await client.api.download(lessonMaterialsPath(id), {
        requireUser: !isPreview,
        signal: stop.signal,
      })
      if (stop.signal.aborted) return null
      setState(result.ok ? { status: 'idle', failure: null } : { status: 'failed', failure: result })
      return result.ok ? result.data : null
    } finally {
      if (running.current === stop) running.current = null
    }
  }, [client, id, isPreview])

  return { ...state, offline: state.failure?.status === 0, download }
}
