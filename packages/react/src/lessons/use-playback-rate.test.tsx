import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { usePlaybackRate } from './use-playback-rate.ts'

describe('usePlaybackRate', () => {
  it('offers 0.75× to 2×, starts at 1, and remembers the choice for the next player on this device', async () => {
    const world = await createWorld()
    const { client } = world.device()
    const first = renderHook(() => usePlaybackRate(), { wrapper: providerOf(client) })
    expect(first.result.current.rate).toBe(1)
    expect(first.result.current.rates).toEqual([0.75, 1, 1.25, 1.5, 1.75, 2])
    act(() => first.result.current.setRate(1.5))
    expect(first.result.current.rate).toBe(1.5)
    act(() => first.result.current.setRate(3))
    expect(first.result.current.rate).toBe(1.5)
    first.unmount()
    const next = renderHook(() => usePlaybackRate(), { wrapper: providerOf(client) })
    expect(next.result.current.rate).toBe(1.5)
    client.dispose()
  })
})
