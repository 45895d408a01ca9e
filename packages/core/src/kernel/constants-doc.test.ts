import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as constants from './constants.ts'

// docs/contract/constants.md names every constant of this module with its value and what it
// governs: a constant added here without a row there fails, so the page cannot silently fall behind.
const page = readFileSync(new URL('../../../../docs/contract/constants.md', import.meta.url), 'utf8')

describe('docs/contract/constants.md and the core constants', () => {
  it.each(Object.keys(constants))('names %s', (name) => {
    expect(page).toContain(`\`${name}\``)
  })
})
