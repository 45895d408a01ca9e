import { type ReactNode, useEffect } from 'react'

/** The page's heading and the document title (코스킷 after it), so each route is named. */
export function PageTitle({ children, title }: { children: ReactNode; title: string }): ReactNode {
  useEffect(() => {
    document.title = `${title} | 코스킷`
  }, [title])
  return <h1 className="font-bold text-2xl text-gray-900">{children}</h1>
}
