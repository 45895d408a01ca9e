import { describe, expect, it } from 'vitest'
import type { ApiResponse } from '../api/api-response.ts'
import { createSimulatedClock } from '../testing/index.ts'
import { createQuery } from './query.ts'

function rig(read: () => Promise<ApiResponse<string>>) {
  const clock = createSimulatedClock()
  let reads = 0
  const query = createQuery<string>({
    clock,
    staleTimeMs: 60_000,
    gcTimeMs: 300_000,
    read: () => {
      reads++
      return read()
    },
    onGarbage: () => {},
  })
  return { clock, query, reads: () => reads }
}

describe('one query', () => {
  it('an answer set from another call is fresh data, and a read it overtook does not replace it', async () => {
    let answer = 'read'
    const r = rig(async () => ({ ok: true, data: answer }) as ApiResponse<string>)
    const overtaken = r.query.fetch()
    r.query.setData('primed')
    answer = 'late'
    await overtaken
    expect(r.query.getState()).toMatchObject({ status: 'success', data: 'primed', isFetching: false })
    expect(r.query.isStale()).toBe(false)
    await r.clock.tickAsync(60_000)
    expect(r.query.isStale()).toBe(true)
    expect(r.reads()).toBe(1)
  })

  it('a read that throws is a failure with no answer (status 0), and the next fetch reads again', async () => {
    let fail = true
    const r = rig(async () => {
      if (fail) throw new Error('socket closed')
      return { ok: true, data: 'back' } as ApiResponse<string>
    })
    expect(await r.query.fetch()).toMatchObject({
      status: 'error',
      isFetching: false,
      failure: { ok: false, status: 0, error: 'request failed: socket closed' },
    })
    fail = false
    expect(await r.query.fetch()).toMatchObject({ status: 'success', data: 'back', failure: null })
    expect(r.reads()).toBe(2)
  })
})
