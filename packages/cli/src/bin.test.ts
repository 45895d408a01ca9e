import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createCourseClient, nodePlatform } from '@coursekit/core'
import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { afterEach, describe, expect, it } from 'vitest'
import { jsonLines } from './terminal/test-io.ts'

const bin = fileURLToPath(new URL('./bin.ts', import.meta.url))

interface Finished {
  code: number | null
  stdout: string
  stderr: string
}

function start(args: string[], env: Record<string, string> = {}): { child: ChildProcess; output: () => Finished } {
  const child = spawn(process.execPath, ['--conditions=@coursekit/source', bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', ...env },
  })
  const out = { code: null as number | null, stdout: '', stderr: '' }
  child.stdout?.on('data', (chunk) => {
    out.stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    out.stderr += chunk
  })
  child.on('exit', (code) => {
    out.code = code
  })
  return { child, output: () => out }
}

function run(args: string[], env: Record<string, string> = {}): Promise<Finished> {
  const { child, output } = start(args, env)
  return new Promise((resolve) => child.on('close', () => resolve(output())))
}

const learner = { COURSEKIT_EMAIL: demoAccounts.learner.email, COURSEKIT_PASSWORD: DEMO_PASSWORD }

describe('the coursekit bin', () => {
  let server: ChildProcess | undefined
  afterEach(() => {
    server?.kill('SIGTERM')
    server = undefined
  })

  it('prints help and its version with exit 0', async () => {
    const help = await run(['--help'])
    expect(help.code).toBe(0)
    for (const command of ['serve', 'simulate', 'scenario', 'devices', 'login']) expect(help.stdout).toContain(command)
    const version = await run(['--version'])
    expect(version.code).toBe(0)
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it('exits 2 with a clear message for a bad flag or an unknown command', async () => {
    const flag = await run(['simulate', '--devices', '3', '--watch-ratio', 'lots'])
    expect(flag.code).toBe(2)
    expect(flag.stderr).toContain("coursekit: option '--watch-ratio <r>' argument 'lots' is invalid")
    const command = await run(['simulat'])
    expect(command.code).toBe(2)
    expect(command.stderr).toContain("unknown command 'simulat'")
    expect(command.stderr).toContain('(Did you mean simulate?)')
  })

  it('runs a scenario and exits 0 when its expectations hold', async () => {
    const examples = fileURLToPath(new URL('../../../examples/scenarios/race-three-devices.yaml', import.meta.url))
    const result = await run(['scenario', examples])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('✓ all 3 expectations held')
  })

  it('simulates across worker threads, the events of every thread in one JSON stream', async () => {
    const result = await run([
      'simulate',
      '--devices',
      '40',
      '--users',
      '20',
      '--workers',
      '2',
      '--duration',
      '2h',
      '--json',
    ])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const lines = jsonLines(result.stdout)
    const summary = lines.at(-1)!
    expect(summary).toMatchObject({ type: 'summary', workers: 2, devices: 40, users: 20 })
    const signedIn = lines.filter((line) => line.event === 'signedIn').map((line) => line.device)
    expect(new Set(signedIn).size).toBe(40)
    // 2 devices per user at a limit of 2: nobody is refused.
    expect(summary.deviceLimitEvents).toBe(0)
    expect((summary.devicesAtEnd as { registered: number }).registered).toBe(40)
  })

  it('ends a simulation on Ctrl+C with its summary, and a command with nothing to wrap up at once (130)', async () => {
    const simulation = start(['simulate', '--devices', '200', '--duration', '30d', '--json'])
    // Once events flow, the run is under way.
    await new Promise<void>((resolve) => {
      simulation.child.stdout?.on('data', () => {
        if (simulation.output().stdout.includes('"type":"event"')) resolve()
      })
    })
    simulation.child.kill('SIGINT')
    const code = await new Promise<number | null>((resolve) => simulation.child.once('close', resolve))
    expect(code).toBe(0)
    const summary = jsonLines(simulation.output().stdout).at(-1)!
    expect(summary).toMatchObject({ type: 'summary', stoppedEarly: true })
    expect(summary.simulatedMs as number).toBeLessThan(30 * 86_400_000)

    const dir = await mkdtemp(join(tmpdir(), 'coursekit-bin-'))
    const file = join(dir, 'wait.yaml')
    await writeFile(file, 'name: wait\ndevices: { a: {} }\nsteps:\n  - advance: 1h\n')
    const waiting = start(['scenario', file, '--clock', 'real'])
    // Once its header is out, the process has its signal handlers (a fixed wait fails on a busy machine).
    await new Promise<void>((resolve) => {
      waiting.child.stdout?.on('data', () => {
        if (waiting.output().stdout.includes('scenario: wait')) resolve()
      })
    })
    waiting.child.kill('SIGINT')
    expect(await new Promise<number | null>((resolve) => waiting.child.once('close', resolve))).toBe(130)
  })

  it('serves on loopback; login, devices list and devices remove work against it', async () => {
    const started = start(['serve', '--port', '0', '--device-limit', '3'])
    server = started.child
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL in ${started.output().stdout}`)), 15_000)
      started.child.stdout?.on('data', () => {
        const match = /listening on (http:\/\/\S+)/.exec(started.output().stdout)
        if (match) {
          clearTimeout(timer)
          resolve(match[1]!)
        }
      })
    })
    expect(started.output().stdout).toContain('device limit   3')
    expect(started.output().stdout).not.toContain(DEMO_PASSWORD)

    // A browser elsewhere: a client of the core, signed in and registered.
    const client = createCourseClient({
      apiBaseUrl: url,
      supabaseUrl: url,
      supabaseAnonKey: (/anon key\s+(\S+)/.exec(started.output().stdout) ?? [])[1]!,
      platform: nodePlatform({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1' }),
      analytics: false,
    })
    client.start()
    await client.auth!.signInWithPassword(learner.COURSEKIT_EMAIL, learner.COURSEKIT_PASSWORD)
    const registered = await client.devices!.register()
    expect(registered.ok).toBe(true)
    const phoneId = client.devices!.store.getState().sessionId!
    client.dispose()

    const login = await run(['login', '--api', url, '--register'], learner)
    expect(login.code).toBe(0)
    expect(login.stdout).toContain(`signed in as ${learner.COURSEKIT_EMAIL}`)
    expect(login.stdout).toMatch(/device {4}registered as /)
    expect(login.stdout).toContain('2 devices signed in:')
    expect(login.stdout).not.toContain(DEMO_PASSWORD)
    expect(login.stdout).not.toMatch(/eyJ[\w-]{10,}\./)

    const listed = await run(['devices', 'list', '--api', url, '--json'], learner)
    expect(listed.code).toBe(0)
    const [devices] = jsonLines(listed.stdout)
    expect(devices).toMatchObject({ type: 'devices', email: learner.COURSEKIT_EMAIL })
    expect((devices!.devices as { id: string }[]).map((item) => item.id)).toEqual([phoneId])

    const removed = await run(['devices', 'remove', phoneId, '--api', url], learner)
    expect(removed.code).toBe(0)
    expect(removed.stdout).toContain(`${phoneId}: 기기가 성공적으로 제거되었습니다`)
    const again = await run(['devices', 'remove', phoneId, '--api', url], learner)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('404')

    const empty = await run(['devices', 'list', '--api', url], learner)
    expect(empty.stdout).toContain(': no devices signed in')

    const wrong = await run(['devices', 'list', '--api', url], { ...learner, COURSEKIT_PASSWORD: 'nope-nope' })
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('sign-in failed: 이메일 또는 비밀번호가 올바르지 않습니다.')

    const anonymous = await run(['devices', 'list', '--api', url])
    expect(anonymous.code).toBe(2)
    expect(anonymous.stderr).toContain('set COURSEKIT_EMAIL (or pass --email) and COURSEKIT_PASSWORD')

    server.kill('SIGTERM')
    const stopped = await new Promise<number | null>((resolve) => server!.once('exit', resolve))
    expect(stopped).toBe(0)
    expect(started.output().stdout).toContain('stopped.')
  })
})
