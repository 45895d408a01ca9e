import type { ReactNode } from 'react'

/** A titled block of the home page; `busy` while its content loads. */
export function HomeSection(props: { id: string; title: string; busy: boolean; children: ReactNode }): ReactNode {
  return (
    <section aria-labelledby={props.id} aria-busy={props.busy} className="flex flex-col gap-1.5">
      <h2 id={props.id} className="font-bold text-gray-900 text-lg">
        {props.title}
      </h2>
      {props.children}
    </section>
  )
}

export function EmptyState({ children }: { children: ReactNode }): ReactNode {
  return <p className="rounded-lg bg-gray-50 px-2 py-2 text-gray-600 text-sm">{children}</p>
}

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
