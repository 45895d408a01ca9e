import { createWorld, providerOf } from '@coursekit/testkit/react'
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useDebouncedValue } from './use-debounced-value.ts'

describe('useDebouncedValue', () => {
  it("follows the value once it has stayed put for the delay on the client's clock", async () => {
    const world = await createWorld()
    const device = world.device()
    const { result, rerender } = renderHook((value: string) => useDebouncedValue(value, 300), {
      wrapper: providerOf(device.client),
      initialProps: '',
    })
    rerender('r')
    await world.advance(200)
    rerender('re')
    await world.advance(200)
    // 400 ms since the first key, 200 since the last: still waiting.
    expect(result.current).toBe('')
    await world.advance(100)
    expect(result.current).toBe('re')
    device.client.dispose()
  })
})
