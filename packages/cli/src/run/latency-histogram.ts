/**
 * Request latencies in a fixed-size log-linear histogram (32 sub-buckets per power of two of
 * microseconds: about 3 % precision), so millions of requests cost a few KiB and the histograms
 * of worker threads add up exactly.
 */
const SUB_BUCKETS = 32
const POWERS = 40

export interface LatencyHistogram {
  /** Records one latency in milliseconds. */
  record(ms: number): void
  count(): number
  /** The latency at quantile q (0..1) in milliseconds, or null with no samples. */
  quantile(q: number): number | null
  max(): number | null
  /** Plain data for a worker thread's message. */
  toJSON(): LatencyHistogramData
  merge(data: LatencyHistogramData): void
}

export interface LatencyHistogramData {
  counts: number[]
  total: number
  maxMs: number
}

export function createLatencyHistogram(): LatencyHistogram {
  const counts = new Float64Array(POWERS * SUB_BUCKETS)
  let total = 0
  let maxMs = 0

  const bucketOf = (ms: number): number => {
    const micros = Math.max(1, Math.round(ms * 1000))
    const power = Math.min(POWERS - 1, Math.floor(Math.log2(micros)))
    const base = 2 ** power
    const sub = Math.min(SUB_BUCKETS - 1, Math.floor(((micros - base) / base) * SUB_BUCKETS))
    return power * SUB_BUCKETS + sub
  }
  /** The middle of a bucket, in ms. */
  const bucketMiddle = (bucket: number): number => {
    const power = Math.floor(bucket / SUB_BUCKETS)
    const sub = bucket % SUB_BUCKETS
    const base = 2 ** power
    return (base + ((sub + 0.5) * base) / SUB_BUCKETS) / 1000
  }

  return {
    record(ms) {
      if (!Number.isFinite(ms) || ms < 0) return
      counts[bucketOf(ms)]!++
      total++
      if (ms > maxMs) maxMs = ms
    },
    count: () => total,
    quantile(q) {
      if (total === 0) return null
      const rank = Math.max(1, Math.ceil(q * total))
      let seen = 0
      for (let bucket = 0; bucket < counts.length; bucket++) {
        seen += counts[bucket]!
        if (seen >= rank) return Math.min(bucketMiddle(bucket), maxMs)
      }
      return maxMs
    },
    max: () => (total === 0 ? null : maxMs),
    toJSON: () => ({ counts: Array.from(counts), total, maxMs }),
    merge(data) {
      for (let i = 0; i < counts.length && i < data.counts.length; i++) counts[i]! += data.counts[i]!
      total += data.total
      if (data.maxMs > maxMs) maxMs = data.maxMs
    },
  }
}
