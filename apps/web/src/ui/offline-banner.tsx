import type { ReactNode } from 'react'

/** No answer from the server (status 0): says so and offers to try again. */
export function OfflineBanner({ onRetry }: { onRetry(): void }): ReactNode {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-1 rounded-lg border border-amber-300 bg-amber-50 px-2 py-1.5"
    >
      <p className="flex-1 text-amber-900 text-sm">
        서버에 연결할 수 없습니다. 인터넷 연결을 확인한 뒤 다시 시도해주세요.
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-md bg-amber-800 px-1.5 py-0.5 font-semibold text-sm text-white hover:bg-amber-900"
      >
        다시 시도
      </button>
    </div>
  )
}
