import { describe, expect, it } from 'vitest'
import { createLatencyHistogram } from './latency-histogram.ts'

describe('createLatencyHistogram', () => {
  it('answers quantiles within its 3 % precision', () => {
    const histogram = createLatencyHistogram()
    for (let i = 1; i <= 10_000; i++) histogram.record(i / 100) // 0.01 .. 100 ms
    const near = (actual: number | null, expected: number) => {
      expect(actual).not.toBeNull()
      expect(Math.abs(actual! - expected) / expected).toBeLessThan(0.04)
    }
    near(histogram.quantile(0.5), 50)
    near(histogram.quantile(0.95), 95)
    near(histogram.quantile(0.99), 99)
    expect(histogram.max()).toBe(100)
    expect(histogram.count()).toBe(10_000)
  })

  it('adds up the histograms of several threads exactly', () => {
    const a = createLatencyHistogram()
    const b = createLatencyHistogram()
    for (let i = 0; i < 900; i++) a.record(1)
    for (let i = 0; i < 100; i++) b.record(200)
    const merged = createLatencyHistogram()
    merged.merge(a.toJSON())
    merged.merge(b.toJSON())
    expect(merged.count()).toBe(1000)
    expect(merged.quantile(0.5)).toBeLessThan(1.1)
    expect(merged.quantile(0.95)).toBeGreaterThan(190)
    expect(merged.max()).toBe(200)
  })

  it('has nothing to say without samples, and ignores nonsense', () => {
    const histogram = createLatencyHistogram()
    histogram.record(Number.NaN)
    histogram.record(-1)
    expect(histogram.quantile(0.5)).toBeNull()
    expect(histogram.max()).toBeNull()
  })
})
