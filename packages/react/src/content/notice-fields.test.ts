import { describe, expect, it } from 'vitest'
import { noticeSummary, pinnedFirst } from './notice-fields.ts'

describe('notice fields', () => {
  it('reads what a list shows; odd fields become empty, never an error', () => {
    expect(noticeSummary({ id: 7, title: 3, isPinned: 'yes', createdAt: 'soon' })).toEqual({
      id: '7',
      title: '',
      category: '',
      pinned: false,
      postedAt: null,
    })
  })

  it('pinned notices first, each group in the order given', () => {
    const notices = [
      { id: 1, isPinned: false },
      { id: 2, isPinned: true },
      { id: 3, isPinned: false },
      { id: 4, isPinned: true },
    ].map(noticeSummary)
    expect(pinnedFirst(notices).map((notice) => notice.id)).toEqual(['2', '4', '1', '3'])
  })
})
