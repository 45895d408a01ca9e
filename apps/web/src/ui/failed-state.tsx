import type { ReactNode } from 'react'

/**
 * A read the server refused or failed (a 5xx, whose toast the client already showed): what could
 * not be loaded, and a retry. No answer at all (status 0) is the OfflineBanner's instead.
 */
export function FailedState({ message, onRetry }: { message: string; onRetry(): void }): ReactNode {
  return (
    <div className="flex flex-wrap items-center gap-1 rounded-lg bg-red-50 px-2 py-1.5 text-red-800 text-sm">
      <p className="flex-1">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-md border border-red-300 bg-white px-1.5 py-0.5 font-semibold"
      >
        다시 시도
      </button>
    </div>
  )
}
