import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { jsonLines, runCli } from '../terminal/test-io.ts'

const HEARTBEAT = 'POST /api/v2/session-tracker/heartbeat'
const scratch = () => mkdtemp(join(tmpdir(), 'coursekit-verdict-'))

/** 30 devices over 12 users at a limit of 2: device-limit events happen. */
const SMALL_RUN = ['simulate', '--devices', '30', '--users', '12', '--duration', '3h']

describe('judging a run: thresholds, --out, per-endpoint latency', () => {
  it('shows p50, p95 and p99 per endpoint in the summary table', async () => {
    const run = await runCli(SMALL_RUN)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^requests\s+total\s+200.*\s+p50 ms {2}p95 ms {2}p99 ms$/m)
    expect(run.stdout).toMatch(
      /^POST \/api\/v2\/session-tracker\/heartbeat\s+[\d,]+\s+[\d,]+.*\s[\d.]+\s+[\d.]+\s+[\d.]+$/m,
    )
    expect(run.stdout).not.toContain('thresholds')
  })

  it('exits 1 when a threshold fails, marking it under the summary, and 0 when all hold', async () => {
    const failing = await runCli([...SMALL_RUN, '--threshold', 'p99 < 10s', '--threshold', 'device-limit==0'])
    expect(failing.stderr).toBe('')
    expect(failing.code).toBe(1)
    expect(failing.stdout).toMatch(
      /^thresholds\n {2}✓ p99<10s +p99 [\d.]+ ms\n {2}✗ device-limit==0 +[1-9]\d* device-limit events\n✗ 1 of 2 thresholds failed$/m,
    )

    const holding = await runCli([...SMALL_RUN, '--threshold', 'p99<10s', '--threshold', 'errors==0'])
    expect(holding.code).toBe(0)
    expect(holding.stdout).toContain('✓ all 2 thresholds held')
  })

  it('marks the --json summary with each threshold’s outcome', async () => {
    const run = await runCli([...SMALL_RUN, '--json', '--threshold', 'heartbeats{watching}>1000'])
    expect(run.code).toBe(1)
    const summary = jsonLines(run.stdout).at(-1)!
    expect(summary.thresholdsOk).toBe(false)
    expect(summary.thresholds).toEqual([
      {
        threshold: 'heartbeats{watching}>1000',
        ok: false,
        actual: expect.any(Number),
        measured: expect.stringMatching(/heartbeats per device-hour watching$/),
      },
    ])
  })

  it('refuses a threshold it cannot read before running (exit 2)', async () => {
    const run = await runCli([...SMALL_RUN, '--threshold', 'p95 fast'])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain('threshold "p95 fast": not METRIC[{SELECTOR}] OP VALUE')
  })

  it('--out writes the summary object to a file; two worker threads add up per-endpoint latency', async () => {
    const dir = await scratch()
    const run = await runCli([...SMALL_RUN, '--workers', '2', '--out', 'summary.json', '--json'], { cwd: dir })
    expect(run.code).toBe(0)
    const written = JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8')) as {
      workers: number
      requests: { byEndpoint: { endpoint: string; total: number; latencyMs: { p50: number; p99: number } | null }[] }
    }
    expect(written).toEqual(jsonLines(run.stdout).at(-1))
    expect(written.workers).toBe(2)
    const heartbeat = written.requests.byEndpoint.find((row) => row.endpoint === HEARTBEAT)!
    expect(heartbeat.total).toBeGreaterThan(100)
    expect(heartbeat.latencyMs!.p50).toBeGreaterThan(0)
    expect(heartbeat.latencyMs!.p50).toBeLessThanOrEqual(heartbeat.latencyMs!.p99)
    expect(written.requests.byEndpoint.every((row) => row.latencyMs !== null)).toBe(true)
  })

  it('refuses --out into a folder that does not exist before running (exit 2)', async () => {
    const run = await runCli([...SMALL_RUN, '--out', '/nonexistent-folder/summary.json'])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain('cannot write /nonexistent-folder/summary.json')
  })

  it('judges a scenario by its file’s thresholds and the command line’s; a bad one in the file is exit 2', async () => {
    const dir = await scratch()
    const file = join(dir, 'limit.yaml')
    await writeFile(
      file,
      `name: thresholds
backend: { device-limit: 1 }
devices: { laptop: {}, phone: {} }
steps:
  - sign-in: [laptop, phone]
  - advance: 30m
thresholds:
  - device-limit==0
  - errors<5%
`,
    )
    const run = await runCli(['scenario', file, '--threshold', 'p95{heartbeat}<10s', '--out', 'out.json'], { cwd: dir })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('✓ every step ran')
    expect(run.stdout).toMatch(/ {2}✗ device-limit==0 +1 device-limit event\n/)
    expect(run.stdout).toContain('✗ 1 of 3 thresholds failed')
    const written = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as { thresholds: { ok: boolean }[] }
    expect(written.thresholds.map((result) => result.ok)).toEqual([false, true, true])

    await writeFile(join(dir, 'bad.yaml'), (await readFile(file, 'utf8')).replace('errors<5%', 'errors<5ms'))
    const bad = await runCli(['scenario', join(dir, 'bad.yaml')])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/thresholds.*"errors<5ms": "ms" is a unit of latency/s)
  })
})
