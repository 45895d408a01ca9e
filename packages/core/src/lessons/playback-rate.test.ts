import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../platform/memory-storage.ts'
import { PLAYBACK_RATES, playbackRateOf, savePlaybackRate } from './playback-rate.ts'

describe('playback rate', () => {
  it('offers 0.75× to 2×; normal speed when nothing is stored', () => {
    expect(PLAYBACK_RATES).toEqual([0.75, 1, 1.25, 1.5, 1.75, 2])
    expect(playbackRateOf(createMemoryStorage())).toBe(1)
  })

  it('remembers the chosen speed on this device', () => {
    const storage = createMemoryStorage()
    expect(savePlaybackRate(storage, 1.5)).toBe(true)
    expect(playbackRateOf(storage)).toBe(1.5)
  })

  it('refuses a speed it does not offer, and ignores one stored by something else', () => {
    const storage = createMemoryStorage()
    savePlaybackRate(storage, 1.25)
    expect(savePlaybackRate(storage, 16)).toBe(false)
    expect(playbackRateOf(storage)).toBe(1.25)
    expect(playbackRateOf(createMemoryStorage({ 'coursekit.playbackRate': 'fast' }))).toBe(1)
    expect(playbackRateOf(createMemoryStorage({ 'coursekit.playbackRate': '3' }))).toBe(1)
  })
})
