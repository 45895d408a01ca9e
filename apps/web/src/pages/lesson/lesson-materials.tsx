import type { Lesson } from '@coursekit/core/contract'
import { useLessonMaterials } from '@coursekit/react'
import type { ReactNode } from 'react'
import { Button } from '../../ui/button.tsx'
import { FailedState } from '../../ui/failed-state.tsx'
import { OfflineBanner } from '../../ui/offline-banner.tsx'
import { saveFile } from '../../ui/save-file.ts'

/**
 * 수업 자료 받기: the lesson's materials saved under the name the server gives them (e.g. "1강 수업
 * 자료.pdf"). While the file comes the button says so and waits; a failure says why (the server's
 * words, or no answer) with a retry.
 */
export function LessonMaterials({ lesson }: { lesson: Lesson }): ReactNode {
  const materials = useLessonMaterials(lesson)
  const loading = materials.status === 'loading'
  const download = async () => {
    const file = await materials.download()
    if (file) saveFile(file.blob, file.filename)
  }
  return (
    <div className="flex flex-col gap-1">
      <Button
        look="secondary"
        className="self-start"
        aria-busy={loading}
        disabled={loading}
        onClick={() => void download()}
      >
        {loading ? '수업 자료 받는 중…' : '수업 자료 받기'}
      </Button>
      {materials.status === 'failed' &&
        (materials.offline ? (
          <OfflineBanner onRetry={() => void download()} />
        ) : (
          <FailedState message={materials.failure?.error ?? ''} onRetry={() => void download()} />
        ))}
    </div>
  )
}
