import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { type MockServer, startMockServer } from '@coursekit/mock-server/node'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../terminal/test-io.ts'

async function scenarioFile(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'coursekit-scenario-'))
  const file = join(dir, 'scenario.yaml')
  await writeFile(file, text)
  return file
}

describe('coursekit scenario, as people read it', () => {
  it('says "1 expectation held", not "all 1 expectations"', async () => {
    const file = await scenarioFile(
      'name: one\ndevices: { a: {} }\nsteps:\n  - sign-in: a\nexpect:\n  - registered: a\n',
    )
    const run = await runCli(['scenario', file])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('\n✓ 1 expectation held\n')
  })

  it('with no expectations says every step ran', async () => {
    const file = await scenarioFile('name: none\ndevices: { a: {} }\nsteps:\n  - sign-in: a\n')
    const run = await runCli(['scenario', file])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('\n✓ every step ran (no expectations to check)\n')
  })
})

describe('coursekit scenario against a deployment', () => {
  let server: MockServer
  beforeEach(async () => {
    server = await startMockServer({ port: 0 })
  })
  afterEach(async () => {
    await server.close()
  })

  it('warns that the backend block does not apply there', async () => {
    const file = await scenarioFile(
      `name: remote\nbackend: { device-limit: 5, lease: 10m }\nusers:\n  me: { email: ${demoAccounts.learner.email}, password-env: MY_PASSWORD }\ndevices: { a: {} }\nsteps:\n  - sign-in: a\n  - sign-out: a\n`,
    )
    const cwd = dirname(file)
    const run = await runCli(['scenario', file, '--api', server.url], { cwd, env: { MY_PASSWORD: DEMO_PASSWORD } })
    expect(run.code).toBe(0)
    expect(run.stderr).toBe(
      `coursekit: warning: scenario.yaml: backend (device-limit, lease) sets up the embedded backend; it does not apply to ${server.url}, which has its own\n`,
    )
    const embedded = await runCli(['scenario', file], { cwd, env: { MY_PASSWORD: DEMO_PASSWORD } })
    expect(embedded.stderr).toBe('')
  })
})
