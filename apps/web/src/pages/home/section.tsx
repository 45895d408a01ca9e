import type { ReactNode } from 'react'

/** A titled block of the home page; `busy` while its content loads; `more` sits at the title's end (a link onward). */
export function HomeSection(props: {
  id: string
  title: string
  busy: boolean
  more?: ReactNode
  children: ReactNode
}): ReactNode {
  return (
    <section aria-labelledby={props.id} aria-busy={props.busy} className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-1">
        <h2 id={props.id} className="font-bold text-gray-900 text-lg">
          {props.title}
        </h2>
        {props.more}
      </div>
      {props.children}
    </section>
  )
}
