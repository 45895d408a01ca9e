import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../platform/memory-storage.ts'
import { captionsEnabledOf, saveCaptionsEnabled } from './caption-preference.ts'

describe('caption preference', () => {
  it('is off when nothing is stored', () => {
    expect(captionsEnabledOf(createMemoryStorage())).toBe(false)
  })

  it('remembers on and off on this device', () => {
    const storage = createMemoryStorage()
    saveCaptionsEnabled(storage, true)
    expect(captionsEnabledOf(storage)).toBe(true)
    expect(storage.get('coursekit.captions')).toBe('on')
    saveCaptionsEnabled(storage, false)
    expect(captionsEnabledOf(storage)).toBe(false)
  })

  it('reads anything else stored under its key as off', () => {
    expect(captionsEnabledOf(createMemoryStorage({ 'coursekit.captions': 'true' }))).toBe(false)
    expect(captionsEnabledOf(createMemoryStorage({ 'coursekit.captions': '' }))).toBe(false)
  })
})
