// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { listedMessages } from '../../../../docs/contract/listed-messages.ts'
import * as labels from './labels.ts'

// docs/contract/messages.md lists every text of the bindings' own labels, verbatim, in its section
// marked `(react: …)`: a text in one and not the other fails here, so the page cannot drift.

/** Every string the module exports, however deep in its objects. */
function labelTexts(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    into.add(value)
  } else if (typeof value === 'object' && value !== null) {
    for (const entry of Object.values(value)) labelTexts(entry, into)
  }
  return into
}

describe('docs/contract/messages.md and the bindings’ labels', () => {
  const listed = listedMessages('(react:')
  const texts = [...labelTexts(labels)]

  it('reads the page (sanity: both lists are there)', () => {
    expect(listed.length).toBeGreaterThan(10)
    expect(texts.length).toBeGreaterThan(10)
  })

  it.each(texts)('lists %s', (text) => {
    expect(listed).toContain(text)
  })

  it('lists nothing the labels do not hold, and nothing twice', () => {
    expect(listed.filter((text) => !texts.includes(text))).toEqual([])
    expect(listed.filter((text, index) => listed.indexOf(text) !== index)).toEqual([])
  })
})
