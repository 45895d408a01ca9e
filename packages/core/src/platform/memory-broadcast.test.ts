import { describe, expect, it } from 'vitest'
import { createMemoryBroadcast } from './memory-broadcast.ts'

describe('createMemoryBroadcast', () => {
  it('delivers a copy to the other ports of the channel, asynchronously, never to the sender', async () => {
    const hub = createMemoryBroadcast()
    const a = hub('c')
    const b = hub('c')
    const other = hub('elsewhere')
    const heardByA: unknown[] = []
    const heardByB: unknown[] = []
    const heardElsewhere: unknown[] = []
    a.subscribe((message) => heardByA.push(message))
    b.subscribe((message) => heardByB.push(message))
    other.subscribe((message) => heardElsewhere.push(message))
    const message = { n: 1 }
    a.post(message)
    message.n = 2
    expect(heardByB).toEqual([])
    await Promise.resolve()
    expect(heardByB).toEqual([{ n: 1 }])
    expect(heardByA).toEqual([])
    expect(heardElsewhere).toEqual([])
  })

  it('copies nothing while nobody else listens (a lone tab posts for free)', async () => {
    const hub = createMemoryBroadcast()
    const alone = hub('c')
    const silent = hub('c')
    // A function cannot be cloned: posting one only works if no copy is attempted.
    expect(() => alone.post({ fn: () => {} })).not.toThrow()
    silent.subscribe(() => {})
    expect(() => alone.post({ fn: () => {} })).toThrow()
    silent.close()
    expect(() => alone.post({ fn: () => {} })).not.toThrow()
  })
})
