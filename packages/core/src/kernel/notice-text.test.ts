import { describe, expect, it } from 'vitest'
import { clippedNotice, NOTICE_TEXT_MAX_LENGTH, noticeText } from './notice-text.ts'

describe('noticeText', () => {
  it('keeps a text that fits as it is', () => {
    const fits = '가'.repeat(NOTICE_TEXT_MAX_LENGTH)
    expect(noticeText(fits)).toBe(fits)
    expect(noticeText('')).toBe('')
  })

  it('cuts a longer text to the limit, ending in an ellipsis', () => {
    const cut = noticeText('가'.repeat(100_000))
    expect(cut).toHaveLength(NOTICE_TEXT_MAX_LENGTH)
    expect(cut).toBe(`${'가'.repeat(NOTICE_TEXT_MAX_LENGTH - 1)}…`)
  })

  it('never splits an emoji (a surrogate pair) at the cut', () => {
    const text = `${'a'.repeat(NOTICE_TEXT_MAX_LENGTH - 2)}😀${'b'.repeat(10)}`
    const cut = noticeText(text)
    expect(cut).toBe(`${'a'.repeat(NOTICE_TEXT_MAX_LENGTH - 2)}…`)
  })
})

describe('clippedNotice', () => {
  it('cuts the message and the description, and returns a notice that fits unchanged', () => {
    const long = 'x'.repeat(5000)
    const clipped = clippedNotice({ kind: 'error', message: long, description: long })
    expect(clipped.message).toHaveLength(NOTICE_TEXT_MAX_LENGTH)
    expect(clipped.description).toHaveLength(NOTICE_TEXT_MAX_LENGTH)
    const short = { kind: 'success', message: '완료' } as const
    expect(clippedNotice(short)).toBe(short)
    expect(clippedNotice({ kind: 'error', message: long })).not.toHaveProperty('description')
  })
})
