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

  it('held: the name of each lock held now, once however many wait for it, until it is let go', async () => {
    const hub = createMemoryLocks()
    expect(await hub.held()).toEqual([])
    const a = new AbortController()
    const b = new AbortController()
    const c = new AbortController()
    expect(await hub.acquire('refresh', a.signal)).toBe(true)
    expect(await hub.acquire('mark 1', b.signal)).toBe(true)
    const next = hub.acquire('refresh', c.signal)
    expect((await hub.held()).sort()).toEqual(['mark 1', 'refresh'])
    // A mark taken before the lock was let go is there for the waiter granted the lock next.
    a.abort()
    expect(await next).toBe(true)
    expect((await hub.held()).sort()).toEqual(['mark 1', 'refresh'])
    b.abort()
    expect(await hub.held()).toEqual(['refresh'])
    c.abort()
    expect(await hub.held()).toEqual([])
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
