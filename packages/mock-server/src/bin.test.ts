import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, LEGACY_PASSWORD } from './demo-accounts.ts'

const bin = fileURLToPath(new URL('./bin.ts', import.meta.url))

function run(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--conditions=@coursekit/source', bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

function collect(child: ChildProcess): { stdout: () => string; stderr: () => string } {
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  return { stdout: () => stdout, stderr: () => stderr }
}

const exitCode = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', resolve))

describe('coursekit-mock-server', () => {
  let child: ChildProcess | undefined
  afterEach(() => {
    child?.kill('SIGTERM')
    child = undefined
  })

  it('serves, prints the URL, anon key and demo accounts but no password, and says so when it stops on Ctrl+C', async () => {
    child = run(['--port', '0', '--device-limit', '3'])
    const output = collect(child)
    const url = await new Promise<string>((resolve, reject) => {
      child?.stdout?.on('data', () => {
        const match = /listening on (http:\/\/\S+)/.exec(output.stdout())
        if (match?.[1] && output.stdout().includes('Ctrl+C')) resolve(match[1])
      })
      child?.once('exit', () => reject(new Error(`exited early: ${output.stderr()}`)))
    })
    const state = await (await fetch(`${url}/__dev/state`)).json()
    expect(state.deviceLimit).toBe(3)
    const text = output.stdout()
    expect(text).toMatch(/anon key\s+eyJ/)
    expect(text).toContain('learner@coursekit.dev')
    expect(text).not.toContain(DEMO_PASSWORD)
    expect(text).not.toContain(LEGACY_PASSWORD)
    expect(text).toContain(`device lease   40m`)
    const exited = exitCode(child)
    child.kill('SIGINT')
    expect(await exited).toBe(0)
    expect(output.stdout()).toMatch(/Ctrl\+C stops it\.\nstopped\.\n$/)
  })

  it('exits 2 with a clear message on a bad flag', async () => {
    child = run(['--device-limit', 'many'])
    const output = collect(child)
    expect(await exitCode(child)).toBe(2)
    expect(output.stderr()).toContain('--device-limit expects a whole number, got "many"')
    expect(output.stderr()).toContain('Usage: coursekit-mock-server')
  })
})
