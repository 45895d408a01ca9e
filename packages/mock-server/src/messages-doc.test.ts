import { describe, expect, it } from 'vitest'
import { listedMessages, messagesMissingFrom } from '../../../docs/contract/listed-messages.ts'

// docs/contract/messages.md lists the backend's texts that reach people (its section marked
// `(server: …)`): each must still be in this package's source, so the list cannot go stale.
describe('docs/contract/messages.md and the mock backend', () => {
  const listed = listedMessages('(server:')

  it('lists the backend’s texts (sanity: the section is there)', () => {
    expect(listed.length).toBeGreaterThan(10)
  })

  it('lists only texts the backend’s source still holds', () => {
    expect(messagesMissingFrom(listed, new URL('./', import.meta.url))).toEqual([])
  })
})
