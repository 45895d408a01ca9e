import { describe, expect, it } from 'vitest'
import { replaceSections } from './report.ts'
import { expectedWallMs, fitLine } from './scale.bench.ts'

describe('the scale step of npm run bench', () => {
  it('fits peak RSS as a fixed cost plus a cost per device', () => {
    const mib = 2 ** 20
    const fit = fitLine([
      [10_000, 500 * mib + 10_000 * 100 * 1024],
      [25_000, 500 * mib + 25_000 * 100 * 1024],
      [50_000, 500 * mib + 50_000 * 100 * 1024],
    ])
    expect(fit!.perDevice).toBeCloseTo(100 * 1024, 3)
    expect(fit!.fixed).toBeCloseTo(500 * mib, 0)
    expect(fitLine([[10_000, 1]])).toBeNull()
  })

  it('skips a size the budget cannot hold, judged by the size before it', () => {
    expect(expectedWallMs(10_000, undefined)).toBe(0)
    // 10,000 devices in 100 s: 50,000 should take about 600 s.
    expect(expectedWallMs(50_000, { devices: 10_000, wallMs: 100_000 })).toBe(600_000)
  })

  it('replaces only the sections it ran in the results file', () => {
    const file = '# benchmarks\n\n## A\n\nold a\n\n## B\n\nold b\n'
    expect(replaceSections(file, ['## B\n\nnew b\n'])).toBe('# benchmarks\n\n## A\n\nold a\n\n## B\n\nnew b\n')
    expect(replaceSections(file, ['## A\n\nnew a\n'])).toBe('# benchmarks\n\n## A\n\nnew a\n## B\n\nold b\n')
    expect(replaceSections(file, ['## C\n\nc\n'])).toBe('# benchmarks\n\n## A\n\nold a\n\n## B\n\nold b\n\n## C\n\nc\n')
  })
})
