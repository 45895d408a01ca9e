import { describe, expect, it } from 'vitest'
import { createSeriesSampler, mergeSeries, type SeriesSnapshot, seriesStep } from './series.ts'

function snapshotOf(now: { value: number }, requests: Record<string, number> = {}): () => SeriesSnapshot {
  return () => ({
    signedIn: now.value,
    registered: now.value,
    watching: 0,
    requests,
    heartbeats: now.value * 10,
    deviceLimitEvents: 0,
    videoConflicts: 0,
    evictions: 0,
  })
}

describe('run series', () => {
  it('samples a few hundred times over a run, at round steps', () => {
    expect(seriesStep(24 * 3_600_000)).toBe(300_000)
    expect(seriesStep(6 * 3_600_000)).toBe(120_000)
    expect(seriesStep(60_000)).toBe(1_000)
  })

  it('takes a sample at each step the clock passes, one at the end, and none in between', () => {
    const now = { value: 0 }
    const reads: number[] = []
    const read = snapshotOf(now)
    const sampler = createSeriesSampler(1000, () => {
      reads.push(now.value)
      return read()
    })
    for (const [t, value] of [
      [0, 1],
      [400, 2],
      [999, 3],
      [1000, 4],
      [3500, 5],
    ] as const) {
      now.value = value
      sampler.at(t)
    }
    now.value = 6
    const series = sampler.finish(3700)
    // A jump over several steps reads once per step, all at the same state.
    expect(series.t).toEqual([0, 1000, 2000, 3000, 3700])
    expect(series.signedIn).toEqual([1, 4, 5, 5, 6])
    expect(series.heartbeats).toEqual([10, 40, 50, 50, 60])
    expect(reads).toHaveLength(5)
  })

  it('gives an endpoint first seen late zeros before it', () => {
    const requests: Record<string, number> = { a: 1 }
    const sampler = createSeriesSampler(1000, snapshotOf({ value: 0 }, requests))
    sampler.at(0)
    requests.b = 5
    requests.a = 2
    sampler.at(1000)
    delete requests.b
    const series = sampler.finish(2000)
    expect(series.requests).toEqual({ a: [1, 2, 2], b: [0, 5, 5] })
  })

  it('adds up the parts of worker threads sample by sample', () => {
    const part = (value: number, label: string, stopAt: number) => {
      const now = { value }
      const sampler = createSeriesSampler(1000, snapshotOf(now, { [label]: value }))
      sampler.at(0)
      sampler.at(1000)
      return sampler.finish(stopAt)
    }
    const merged = mergeSeries([part(1, 'a', 2000), undefined, part(10, 'b', 2000), part(100, 'a', 2000)])
    expect(merged?.t).toEqual([0, 1000, 2000])
    expect(merged?.signedIn).toEqual([111, 111, 111])
    expect(merged?.requests).toEqual({ a: [101, 101, 101], b: [10, 10, 10] })
    // A part that stopped early: the merged series ends where it does.
    expect(mergeSeries([part(1, 'a', 2000), part(2, 'a', 1000)])?.t).toEqual([0, 1000])
    expect(mergeSeries([undefined])).toBeUndefined()
  })
})
