import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'

/**
 * The header's search: what is typed opens the catalogue searched for it (`/courses?q=`), whose own
 * box then holds the words, so this one empties.
 */
export function HeaderSearch(): ReactNode {
  const navigate = useNavigate()
  return (
    <search aria-label="검색" className="header-search">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          const form = event.currentTarget
          const query = (form.q as HTMLInputElement).value.trim()
          void navigate(query ? `/courses?q=${encodeURIComponent(query)}` : '/courses')
          form.reset()
        }}
      >
        <input type="search" name="q" aria-label="강의 찾기" placeholder="강의 찾기" enterKeyHint="search" />
        <button type="submit" aria-label="검색" />
      </form>
    </search>
  )
}
