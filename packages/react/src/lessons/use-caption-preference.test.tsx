import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useCaptionPreference } from './use-caption-preference.ts'

describe('useCaptionPreference', () => {
  it('starts off and remembers the choice for the next player on this device', async () => {
    const world = await createWorld()
    const { client } = world.device()
    const first = renderHook(() => useCaptionPreference(), { wrapper: providerOf(client) })
    expect(first.result.current.enabled).toBe(false)
    act(() => first.result.current.setEnabled(true))
    expect(first.result.current.enabled).toBe(true)
    first.unmount()
    const next = renderHook(() => useCaptionPreference(), { wrapper: providerOf(client) })
    expect(next.result.current.enabled).toBe(true)
    act(() => next.result.current.setEnabled(false))
    next.unmount()
    expect(renderHook(() => useCaptionPreference(), { wrapper: providerOf(client) }).result.current.enabled).toBe(false)
    client.dispose()
  })
})
