import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { type MockServer, startMockServer } from '@coursekit/mock-server/node'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { jsonLines, runCli } from '../terminal/test-io.ts'

/** Against a deployment: here the mock server over HTTP on loopback, in real time. */
describe('against a deployment (--api)', () => {
  let server: MockServer
  let dir: string
  // A fresh server per test: a deployment remembers the devices of the test before.
  beforeEach(async () => {
    server = await startMockServer({ port: 0, deviceLimit: 2 })
    dir = await mkdtemp(join(tmpdir(), 'coursekit-remote-'))
  })
  afterEach(async () => {
    await server.close()
  })

  it('simulates devices of the account from the environment, in real time', async () => {
    const run = await runCli(
      ['simulate', '--devices', '3', '--duration', '2s', '--ramp-up', '0', '--api', server.url, '--json'],
      {
        env: { COURSEKIT_EMAIL: demoAccounts.learner.email, COURSEKIT_PASSWORD: DEMO_PASSWORD },
      },
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const lines = jsonLines(run.stdout)
    const summary = lines.at(-1)!
    expect(summary).toMatchObject({ type: 'summary', clock: 'real', target: server.url, devices: 3, users: 1 })
    expect(summary.simulatedMs as number).toBeGreaterThanOrEqual(2000)
    // Three devices of one user at a limit of 2: one of them meets the limit.
    expect(lines.filter((line) => line.event === 'signedIn')).toHaveLength(3)
    expect(summary.deviceLimitEvents).toBe(1)
    expect(run.stdout).not.toContain(DEMO_PASSWORD)
    // The run signed its devices out: the deployment keeps no slot taken.
    expect(server.backend.context.devices.list(demoAccounts.learner.id)).toEqual([])
  })

  it('takes many accounts from a users file', async () => {
    const file = join(dir, 'users.yaml')
    await writeFile(
      file,
      `- email: ${demoAccounts.learner.email}\n  password-env: LEARNER_PASSWORD\n- email: ${demoAccounts.admin.email}\n  password-env: ADMIN_PASSWORD\n`,
    )
    const run = await runCli(
      [
        'simulate',
        '--devices',
        '2',
        '--duration',
        '1s',
        '--ramp-up',
        '0',
        '--api',
        server.url,
        '--users-file',
        file,
        '--json',
      ],
      { env: { LEARNER_PASSWORD: DEMO_PASSWORD, ADMIN_PASSWORD: DEMO_PASSWORD } },
    )
    expect(run.code).toBe(0)
    const lines = jsonLines(run.stdout)
    expect(lines.at(-1)).toMatchObject({ users: 2, devicesAtEnd: { signedIn: 2, registered: 2 } })
    expect(new Set(lines.filter((line) => line.event === 'signedIn').map((line) => line.user)).size).toBe(2)

    const missing = await runCli(['simulate', '--devices', '2', '--api', server.url, '--users-file', file], { env: {} })
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('LEARNER_PASSWORD is not set')
  })

  it('exits 1 when no device can sign in', async () => {
    const run = await runCli(['simulate', '--devices', '1', '--duration', '1s', '--api', server.url], {
      env: { COURSEKIT_EMAIL: demoAccounts.learner.email, COURSEKIT_PASSWORD: 'wrong-password' },
    })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('로그인 실패: 이메일 또는 비밀번호가 올바르지 않습니다.')
  })

  it('runs a scenario in real time, and asks the server through a device where it cannot look', async () => {
    const file = join(dir, 'remote.yaml')
    await writeFile(
      file,
      `name: remote
users:
  me: { email: ${demoAccounts.learner.email}, password-env: MY_PASSWORD }
devices:
  laptop: {}
  phone: {}
steps:
  - sign-in: [laptop, phone]
  - expect:
      - registered: [laptop, phone]
      - live-devices: { user: me, count: 2 }
  - sign-out: [laptop, phone]
expect:
  - not-registered: [laptop, phone]
`,
    )
    const run = await runCli(['scenario', file, '--api', server.url], { env: { MY_PASSWORD: DEMO_PASSWORD } })
    expect(run.stdout).toContain('✓ all 3 expectations held')
    expect(run.code).toBe(0)
    expect(server.backend.context.devices.list(demoAccounts.learner.id)).toEqual([])
  })

  it('exits 2 when a scenario user has no password for a deployment', async () => {
    const file = join(dir, 'nopassword.yaml')
    await writeFile(
      file,
      `name: x\nusers:\n  kim: { email: kim@example.com }\ndevices:\n  a: {}\nsteps:\n  - sign-in: a\n`,
    )
    const run = await runCli(['scenario', file, '--api', server.url])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('user "kim" needs a password (password-env) to sign in to a deployment')
  })
})
