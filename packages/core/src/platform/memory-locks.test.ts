import { describe, expect, it } from 'vitest'
import { createMemoryLocks } from './memory-locks.ts'
import { memoryPlatform } from './memory-platform.ts'
import { nodePlatform } from './node-platform.ts'

describe('memory locks', () => {
  it('grants a lock to one holder at a time, in order, passing it on when the holder lets go', async () => {
    const hub = createMemoryLocks()
    const a = new AbortController()
    const b = new AbortController()
    const c = new AbortController()
    const granted: string[] = []
    const wait = (name: string, controller: AbortController) =>
      hub.acquire('lead', controller.signal).then((ok) => {
        granted.push(`${name}:${ok}`)
      })
    const all = [wait('a', a), wait('b', b), wait('c', c)]
    await Promise.resolve()
    expect(granted).toEqual(['a:true'])
    // A waiter that gives up is skipped.
    b.abort()
    await Promise.resolve()
    expect(granted).toEqual(['a:true', 'b:false'])
    a.abort()
    await Promise.all(all)
    expect(granted).toEqual(['a:true', 'b:false', 'c:true'])
  })

  it('ifAvailable: refused at once, and not queued, while the lock is held; granted when free', async () => {
    const hub = createMemoryLocks()
    const a = new AbortController()
    expect(await hub.acquire('refresh', a.signal, true)).toBe(true)
    expect(await hub.acquire('refresh', new AbortController().signal, true)).toBe(false)
    const b = new AbortController()
    const bGranted = hub.acquire('refresh', b.signal)
    a.abort()
    // The refused request took no place in the queue: the waiter after it is next.
    expect(await bGranted).toBe(true)
    b.abort()
    expect(await hub.acquire('refresh', new AbortController().signal, true)).toBe(true)
  })

  it('keeps names apart and refuses an already aborted signal', async () => {
    const hub = createMemoryLocks()
    expect(await hub.acquire('x', new AbortController().signal)).toBe(true)
    expect(await hub.acquire('y', new AbortController().signal)).toBe(true)
    expect(await hub.acquire('z', AbortSignal.abort())).toBe(false)
  })

  it('is shared between memory and node platforms given one hub, private otherwise', async () => {
    const hub = createMemoryLocks()
    const tabA = memoryPlatform({ sharedLocks: hub })
    const tabB = nodePlatform({ sharedLocks: hub })
    const holder = new AbortController()
    expect(await tabA.locks.acquire('lead', holder.signal)).toBe(true)
    let bGranted = false
    void tabB.locks.acquire('lead', new AbortController().signal).then((ok) => {
      bGranted = ok
    })
    expect(await memoryPlatform().locks.acquire('lead', new AbortController().signal)).toBe(true)
    expect(bGranted).toBe(false)
    holder.abort()
    await Promise.resolve()
    await Promise.resolve()
    expect(bGranted).toBe(true)
  })
})
