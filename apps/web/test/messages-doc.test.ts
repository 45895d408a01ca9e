import { describe, expect, it } from 'vitest'
import { listedMessages, messagesMissingFrom } from '../../../docs/contract/listed-messages.ts'

// docs/contract/messages.md lists the app's own messages (its section marked `(web: …)`): each must
// still be in the app's source, so a page that changes its words changes the list too.
describe('docs/contract/messages.md and the web app', () => {
  const listed = listedMessages('(web:')

  it('lists the app’s own messages (sanity: the section is there)', () => {
    expect(listed.length).toBeGreaterThan(20)
  })

  it('lists only messages the app’s source still holds', () => {
    expect(messagesMissingFrom(listed, new URL('../src/', import.meta.url))).toEqual([])
  })
})
