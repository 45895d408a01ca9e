import { createStore } from '@coursekit/core'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { shallowEqual } from './shallow-equal.ts'
import { useOptionalStore, useStore } from './use-store.ts'

describe('useStore', () => {
  it('re-renders for the selected slice only; isEqual keeps a rebuilt object', () => {
    const store = createStore({ count: 0, other: 0, tags: ['a'] })
    let renders = 0
    const { result } = renderHook(() => {
      renders++
      return {
        whole: useStore(store),
        count: useStore(store, (state) => state.count),
      }
    })
    expect(result.current.count).toBe(0)
    act(() => store.setState({ count: 1 }))
    expect(result.current).toMatchObject({ count: 1, whole: { count: 1 } })

    let pickRenders = 0
    const picked = renderHook(() => {
      pickRenders++
      return useStore(store, (state) => ({ count: state.count, tags: state.tags }), shallowEqual)
    })
    const first = picked.result.current
    act(() => store.setState({ other: 5 }))
    expect(picked.result.current).toBe(first)
    expect(pickRenders).toBe(1)
    act(() => store.setState({ count: 2 }))
    expect(picked.result.current).toEqual({ count: 2, tags: ['a'] })
    expect(pickRenders).toBe(2)
    expect(renders).toBeGreaterThanOrEqual(3)
  })

  it('a write that changes nothing renders nothing', () => {
    const store = createStore({ count: 0 })
    let renders = 0
    renderHook(() => {
      renders++
      return useStore(store, (state) => state.count)
    })
    act(() => store.setState({ count: 0 }))
    expect(renders).toBe(1)
  })

  it('useOptionalStore: null for a missing service, the slice otherwise', () => {
    const store = createStore({ status: 'idle' })
    const missing = renderHook(() => useOptionalStore(null, (state: { status: string }) => state.status))
    expect(missing.result.current).toBeNull()
    const present = renderHook(() => useOptionalStore(store, (state) => state.status))
    act(() => store.setState({ status: 'registered' }))
    expect(present.result.current).toBe('registered')
  })
})

describe('shallowEqual', () => {
  it('compares own fields by Object.is', () => {
    const tags = ['a']
    expect(shallowEqual({ a: 1, tags }, { a: 1, tags })).toBe(true)
    expect(shallowEqual({ a: 1, tags }, { a: 1, tags: ['a'] })).toBe(false)
    expect(shallowEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false)
    expect(shallowEqual([1, 2], [1, 2])).toBe(true)
    expect(shallowEqual([1], { 0: 1 })).toBe(false)
    expect(shallowEqual(Number.NaN, Number.NaN)).toBe(true)
    expect(shallowEqual(null, {})).toBe(false)
  })
})
