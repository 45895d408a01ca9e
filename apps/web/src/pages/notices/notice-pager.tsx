import type { ReactNode } from 'react'
import { Link } from 'react-router'

const pageLink = 'flex h-5 min-w-5 items-center justify-center rounded-md px-1 text-sm'

/** The board's pages: previous, each page by number (the current one marked), next. */
export function NoticePager({ page, pageCount }: { page: number; pageCount: number }): ReactNode {
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1)
  return (
    <nav aria-label="공지사항 페이지" className="flex justify-center">
      <ul className="flex flex-wrap items-center gap-0.5">
        {page > 1 && (
          <li>
            <Link to={`/notices?page=${page - 1}`} className={`${pageLink} text-gray-800 hover:bg-gray-100`}>
              이전 페이지
            </Link>
          </li>
        )}
        {pages.map((number) => (
          <li key={number}>
            <Link
              to={`/notices?page=${number}`}
              aria-current={number === page ? 'page' : undefined}
              className={`${pageLink} ${number === page ? 'bg-brand-strong font-semibold text-white' : 'text-gray-800 hover:bg-gray-100'}`}
            >
              {number}
              <span className="sr-only">페이지</span>
            </Link>
          </li>
        ))}
        {page < pageCount && (
          <li>
            <Link to={`/notices?page=${page + 1}`} className={`${pageLink} text-gray-800 hover:bg-gray-100`}>
              다음 페이지
            </Link>
          </li>
        )}
      </ul>
    </nav>
  )
}
