import { describe, expect, it } from 'vitest'
import { createStore } from './store.ts'

describe('createStore', () => {
  it('merges a partial into a new frozen snapshot and notifies with the previous one', () => {
    const store = createStore({ count: 0, name: 'a' })
    const before = store.getState()
    const calls: [unknown, unknown][] = []
    store.subscribe((state, previous) => calls.push([state, previous]))

    store.setState({ count: 1 })

    const after = store.getState()
    expect(after).toEqual({ count: 1, name: 'a' })
    expect(after).not.toBe(before)
    expect(before).toEqual({ count: 0, name: 'a' })
    expect(Object.isFrozen(after)).toBe(true)
    expect(calls).toEqual([[after, before]])
  })

  it('takes an updater function', () => {
    const store = createStore({ count: 1 })
    store.setState((state) => ({ count: state.count + 41 }))
    expect(store.getState().count).toBe(42)
  })

  it('keeps the snapshot and notifies nobody when nothing changed', () => {
    const store = createStore({ count: 0, tags: ['x'] as string[] })
    const snapshot = store.getState()
    let notified = 0
    store.subscribe(() => notified++)

    store.setState({ count: 0 })
    store.setState({ tags: snapshot.tags })
    store.setState((state) => state)
    store.setState({})

    expect(store.getState()).toBe(snapshot)
    expect(notified).toBe(0)
  })

  it('counts a field the state did not have as a change, even when its value is undefined', () => {
    const store = createStore<{ count: number; note?: string }>({ count: 0 })
    const seen: object[] = []
    store.subscribe((state) => seen.push(state))
    store.setState({ note: undefined })
    expect(seen).toHaveLength(1)
    expect(Object.hasOwn(store.getState(), 'note')).toBe(true)
    store.setState({ note: undefined })
    expect(seen).toHaveLength(1)
  })

  it('treats NaN as unchanged and -0 as a change, as Object.is does', () => {
    const store = createStore({ value: Number.NaN })
    let notified = 0
    store.subscribe(() => notified++)
    store.setState({ value: Number.NaN })
    expect(notified).toBe(0)
    store.setState({ value: 0 })
    store.setState({ value: -0 })
    expect(notified).toBe(2)
  })

  it('replaces the whole state with replace = true, dropping missing keys', () => {
    const store = createStore<{ a?: number; b?: number }>({ a: 1, b: 2 })
    store.setState({ a: 3 }, true)
    expect(store.getState()).toEqual({ a: 3 })
  })

  it('keeps the initial state for getInitialState, untouched by later writes', () => {
    const initial = { count: 0 }
    const store = createStore(initial)
    store.setState({ count: 5 })
    expect(store.getInitialState()).toEqual({ count: 0 })
    initial.count = 99
    expect(store.getInitialState().count).toBe(0)
  })

  it('stops notifying after unsubscribe, also when a listener unsubscribes another mid-notify', () => {
    const store = createStore({ count: 0 })
    const seen: string[] = []
    let unsubscribeB = () => {}
    const unsubscribeA = store.subscribe(() => {
      seen.push('a')
      unsubscribeB()
    })
    unsubscribeB = store.subscribe(() => seen.push('b'))

    store.setState({ count: 1 })
    store.setState({ count: 2 })
    unsubscribeA()
    store.setState({ count: 3 })

    // b was in the list when the first write began, so it still heard that one.
    expect(seen).toEqual(['a', 'b', 'a'])
  })

  it('works as a useSyncExternalStore source: the same snapshot between writes', () => {
    const store = createStore({ count: 0 })
    expect(store.getState()).toBe(store.getState())
  })
})
