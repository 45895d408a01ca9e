import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useDebouncedValue } from './use-debounced-value.ts'

// Long enough that a word typed at an ordinary pace is one search, short enough to feel live.
const TYPING_PAUSE_MS = 300

/**
 * The catalogue's search box. The URL's `?q=` is the search: typing goes into it once the person
 * pauses (Enter at once), and a link or back/forward that changes it changes the box. The first
 * search after none is a new history entry (back returns to the whole list); refining it is not.
 */
export function CatalogueSearch(): ReactNode {
  const id = useId()
  const [params, setParams] = useSearchParams()
  const urlQuery = params.get('q') ?? ''
  const [text, setText] = useState(urlQuery)
  const written = useRef(urlQuery)

  useEffect(() => {
    if (urlQuery === written.current) return
    written.current = urlQuery
    setText(urlQuery)
  }, [urlQuery])

  const apply = (value: string) => {
    const query = value.trim()
    if (query === written.current) return
    const replace = written.current !== ''
    written.current = query
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        if (query) next.set('q', query)
        else next.delete('q')
        return next
      },
      { replace },
    )
  }

  const settled = useDebouncedValue(text, TYPING_PAUSE_MS)
  const applyRef = useRef(apply)
  useEffect(() => {
    applyRef.current = apply
  })
  useEffect(() => applyRef.current(settled), [settled])

  return (
    <search aria-label="강의 찾기">
      <form
        className="flex max-w-xl flex-col gap-0.5"
        onSubmit={(event) => {
          event.preventDefault()
          apply(text)
        }}
      >
        <label htmlFor={id} className="font-semibold text-sm">
          강의 검색
        </label>
        <input
          id={id}
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          placeholder="강의명, 멘토 이름, 초성으로 검색"
          autoComplete="off"
          enterKeyHint="search"
          className="h-6 rounded-lg border border-gray-300 bg-white px-1.5 text-base"
        />
      </form>
    </search>
  )
}
