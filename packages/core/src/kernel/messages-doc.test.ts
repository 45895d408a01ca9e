import { describe, expect, it } from 'vitest'
import { FILLED_IN_MARK, listedMessages } from '../../../../docs/contract/listed-messages.ts'
import * as catalogue from './messages.ts'

// docs/contract/messages.md lists every text of this catalogue, verbatim, in its sections marked
// `(core: …)`: a text in one and not the other fails here, so the page cannot drift from the code.

/** A value no template produces by itself, standing for its run-time text. */
const FILLED_IN = 987654321

/** Every text the module exports: the objects' values, and each template with FILLED_IN_MARK for its run-time text. */
function catalogueTexts(): string[] {
  const texts = new Set<string>()
  for (const value of Object.values(catalogue)) {
    const entries = typeof value === 'object' ? Object.values(value) : [value]
    for (const entry of entries) {
      if (typeof entry === 'string') texts.add(entry)
      else if (typeof entry === 'function') {
        const text = (entry as (...args: unknown[]) => unknown)(...Array(entry.length).fill(FILLED_IN))
        if (typeof text === 'string') texts.add(text.replaceAll(String(FILLED_IN), FILLED_IN_MARK))
      }
    }
  }
  return [...texts]
}

describe('docs/contract/messages.md and the core catalogue', () => {
  const listed = listedMessages('(core:')
  const texts = catalogueTexts()

  it('reads the page (sanity: both are long lists)', () => {
    expect(listed.length).toBeGreaterThan(50)
    expect(texts.length).toBeGreaterThan(50)
  })

  it.each(texts)('lists %s', (text) => {
    expect(listed).toContain(text)
  })

  it('lists nothing the catalogue does not hold, and nothing twice', () => {
    expect(listed.filter((text) => !texts.includes(text))).toEqual([])
    expect(listed.filter((text, index) => listed.indexOf(text) !== index)).toEqual([])
  })

  it('lists the specification’s messages under their own heading, and only those', () => {
    const fromSpec = listedMessages('(core: `messages`')
    const specTexts = [
      ...Object.values(catalogue.messages),
      ...Object.values(catalogue.messageTemplates).map((template) => template(FILLED_IN_MARK)),
    ]
    expect([...fromSpec].sort()).toEqual([...specTexts].sort())
  })
})
