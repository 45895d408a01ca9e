import { mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_PASSWORD } from '@coursekit/mock-server'
import { describe, expect, it } from 'vitest'
import { jsonLines, runCli } from '../terminal/test-io.ts'

const examples = fileURLToPath(new URL('../../../../examples/scenarios/', import.meta.url))
const exampleFiles = (await readdir(examples)).filter((file) => /\.(ya?ml|json)$/.test(file)).sort()

async function scenarioFile(text: string, name = 'scenario.yaml'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'coursekit-scenario-'))
  const path = join(dir, name)
  await writeFile(path, text)
  return path
}

/** Nothing secret in any output: no access or refresh token (JWTs start eyJ), no password. */
function expectNoSecrets(text: string): void {
  expect(text).not.toMatch(/eyJ[\w-]{10,}\.[\w-]+\.[\w-]+/)
  expect(text).not.toContain(DEMO_PASSWORD)
  expect(text).not.toMatch(/scenario-[0-9a-f]{8}-/)
}

describe('coursekit scenario', () => {
  it('ships at least five example scenarios', () => {
    expect(exampleFiles.length).toBeGreaterThanOrEqual(5)
  })

  for (const file of exampleFiles) {
    it(`runs examples/scenarios/${file}: every expectation holds (exit 0)`, async () => {
      const run = await runCli(['scenario', join(examples, file)])
      expect(run.stderr).toBe('')
      expect(run.stdout).toContain('✓ all')
      expect(run.stdout).not.toContain('✗')
      expect(run.code).toBe(0)
      expectNoSecrets(run.stdout)
    })
  }

  it('exits 1 and names the expectation that failed', async () => {
    const path = await scenarioFile(`name: fails
devices:
  laptop: {}
steps:
  - sign-in: laptop
  - expect: { evicted: { device: laptop, within: 30m } }
expect:
  - registered: laptop
`)
    const run = await runCli(['scenario', path])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('✗ expect laptop evicted within 30m  not evicted after 30m')
    expect(run.stdout).toContain('1 of 2 expectations failed')
    expect(run.stdout).toContain('✓ expect registered laptop')
  })

  it('opens a crashed browser again as the same device, before its lease runs out', async () => {
    const path = await scenarioFile(`name: crash and come back
backend: { device-limit: 1 }
devices:
  laptop: {}
steps:
  - sign-in: laptop
  - crash: laptop
  - sign-out: laptop
  - advance: 10m
  - expect: { not-registered: laptop }
  - reload: laptop
expect:
  - registered: { device: laptop, created: false }
  - device-limit: { device: laptop, count: 0 }
  - live-devices: { user: learner, count: 1 }
`)
    const run = await runCli(['scenario', path, '--json'])
    const lines = jsonLines(run.stdout)
    expect(lines.filter((line) => line.type === 'event').map((line) => line.event)).toEqual([
      'signedIn',
      'registered',
      'crashed',
      'reloaded',
      'signedIn',
      'registered',
    ])
    expect(lines.find((line) => line.event === 'signedIn' && line.restored === true)).toBeDefined()
    expect(run.code).toBe(0)
  })

  it('lets a step wait on a latency fault in simulated time, and survives a lost answer', async () => {
    const path = await scenarioFile(`name: slow and lost
devices:
  laptop: {}
steps:
  - fault: { method: POST, path: /api/v2/session-tracker, kind: drop, count: 1 }
  - sign-in: laptop
  - expect: { not-registered: laptop }
  - register: laptop
  - expect: { registered: { device: laptop, created: false } }
  - fault: { path: /api/v2/session-tracker/watch, kind: latency, latency: 3s }
  - watch: laptop
expect:
  - watching: laptop
`)
    const run = await runCli(['scenario', path, '--json'])
    expect(run.code).toBe(0)
    const lines = jsonLines(run.stdout)
    const watch = lines.find((line) => line.type === 'step' && line.step === 'watch')!
    // The watch waited for its answer on the simulated clock: 3 s, give or take the first step.
    expect(watch.t as number).toBeGreaterThanOrEqual(3000)
    expect(watch.t as number).toBeLessThan(4000)
    const summary = lines.at(-1)!
    expect((summary.latencyMs as { max: number }).max).toBeGreaterThanOrEqual(3000)
    expect(summary.errors).toMatchObject({ network: 1 })
  })

  it('exits 1 when a step cannot be carried out, and skips the rest', async () => {
    const path = await scenarioFile(`name: wrong password
users:
  kim: { email: learner@coursekit.dev, password: not-the-password }
devices:
  laptop: {}
steps:
  - sign-in: laptop
  - advance: 1h
expect:
  - registered: laptop
`)
    const run = await runCli(['scenario', path, '--json'])
    expect(run.code).toBe(1)
    const lines = jsonLines(run.stdout)
    const steps = lines.filter((line) => line.type === 'step')
    expect(steps).toEqual([
      expect.objectContaining({
        step: 'sign-in',
        ok: false,
        message: expect.stringContaining('이메일 또는 비밀번호가 올바르지 않습니다.'),
      }),
    ])
    const summary = lines.at(-1)!
    expect(summary).toMatchObject({ type: 'summary', ok: false, steps: { total: 2, run: 1, failed: 1 } })
    expect(run.stdout).not.toContain('not-the-password')
  })

  it('exits 2 for a bad file, with file:line:column on stderr', async () => {
    const path = await scenarioFile(`name: bad
devices:
  laptop: {}
steps:
  - sign-in: laptop
  - advance: soon
`)
    const run = await runCli(['scenario', path], { cwd: join(path, '..') })
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain('scenario.yaml:6:5: steps[1].advance: not a duration: "soon"')
  })

  it('exits 2 for a file that does not exist', async () => {
    const run = await runCli(['scenario', 'no/such/file.yaml'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('no/such/file.yaml:1:1: cannot read the file: no such file')
  })

  it('with --json prints one object per event, step and expectation, then the summary', async () => {
    const run = await runCli(['scenario', join(examples, 'limit-remove-oldest.yaml'), '--json'])
    expect(run.code).toBe(0)
    const lines = jsonLines(run.stdout)
    const types = new Set(lines.map((line) => line.type))
    expect([...types].sort()).toEqual(['event', 'expectation', 'step', 'summary'])
    expect(lines.at(-1)!.type).toBe('summary')
    expect(lines.filter((line) => line.type === 'summary')).toHaveLength(1)
    const limit = lines.find((line) => line.type === 'event' && line.event === 'deviceLimitReached')
    expect(limit).toMatchObject({ device: 'tablet', user: 'learner', devices: 2, t: 600_000 })
    expect(lines.find((line) => line.type === 'event' && line.event === 'evicted')).toMatchObject({
      device: 'laptop',
      reason: 'forced',
    })
    const summary = lines.at(-1)!
    expect(summary).toMatchObject({
      command: 'scenario',
      ok: true,
      clock: 'virtual',
      target: 'embedded mock backend',
      deviceLimitEvents: 1,
      evictions: { total: 1, byReason: { forced: 1 } },
      expectations: { total: 7, passed: 7, failed: 0 },
    })
    expectNoSecrets(run.stdout)
  })

  it('colours a terminal, and not with NO_COLOR or into a pipe', async () => {
    const file = join(examples, 'race-three-devices.yaml')
    const tty = await runCli(['scenario', file], { tty: true })
    expect(tty.stdout).toContain('\u001b[32m✓\u001b[39m')
    const noColor = await runCli(['scenario', file], { tty: true, env: { NO_COLOR: '1' } })
    expect(noColor.stdout).not.toContain('\u001b[')
    const pipe = await runCli(['scenario', file])
    expect(pipe.stdout).not.toContain('\u001b[')
    expect(noColor.stdout).toContain('✓ all 3 expectations held')
  })
})
