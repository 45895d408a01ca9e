import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useNextLessonCountdown } from './use-next-lesson-countdown.ts'

describe('useNextLessonCountdown', () => {
  it("counts 5 … 1 on the client's clock and calls onFinish once, at 5 s; cancelled, it never does", async () => {
    const world = await createWorld()
    const { client } = world.device()
    const finished: number[] = []
    const { result, unmount } = renderHook(() => useNextLessonCountdown(() => finished.push(client.clock.now())), {
      wrapper: providerOf(client),
      reactStrictMode: true,
    })
    expect(result.current.status).toBe('idle')
    const startedAt = client.clock.now()
    act(() => result.current.start())
    expect([result.current.status, result.current.secondsLeft]).toEqual(['counting', 5])
    await world.advance(4_000)
    expect(result.current.secondsLeft).toBe(1)
    expect(finished).toEqual([])
    await world.advance(1_000)
    expect(result.current.status).toBe('finished')
    expect(finished).toEqual([startedAt + 5_000])

    act(() => result.current.start())
    await world.advance(2_000)
    act(() => result.current.cancel())
    await world.advance(60_000)
    expect(result.current.status).toBe('cancelled')
    expect(finished).toHaveLength(1)
    unmount()
    client.dispose()
  })

  it('leaving the player stops the countdown: nothing finishes after unmount', async () => {
    const world = await createWorld()
    const { client } = world.device()
    let finished = 0
    const { result, unmount } = renderHook(() => useNextLessonCountdown(() => finished++), {
      wrapper: providerOf(client),
    })
    act(() => result.current.start())
    unmount()
    await world.advance(60_000)
    expect(finished).toBe(0)
    client.dispose()
  })
})
