import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { jsonLines, runCli } from './terminal/test-io.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const readme = (path: string) => readFileSync(new URL(path, `file://${root}`), 'utf8')
const RUN = 'npm run coursekit -- '

/** The words of a command line after `npm run coursekit --`, environment assignments left out. */
function cliArgs(line: string): string[] {
  const at = line.indexOf(RUN)
  return line
    .slice(at + RUN.length)
    .replace(/#.*$/, '')
    .trim()
    .split(/\s+/)
}

describe('the README examples', () => {
  it('the root README simulates enough devices per user to meet the device limit', async () => {
    const example = /`(npm run coursekit -- simulate [^`]+)`/.exec(readme('README.md'))?.[1]
    expect(example).toBeDefined()
    // As written, but one hour long (a later flag wins): the limit is met during the ramp-up.
    const run = await runCli([...cliArgs(example!), '--duration', '1h', '--json'], { cwd: root })
    expect(run.code).toBe(0)
    const lines = jsonLines(run.stdout)
    expect(lines.at(-1)!.deviceLimitEvents as number).toBeGreaterThan(0)
    expect(lines.some((line) => line.event === 'limitResolved')).toBe(true)
  })

  it('the CLI README shows commands that run in this repository', async () => {
    const block = /```sh\n([\s\S]*?)```/.exec(readme('packages/cli/README.md'))?.[1] ?? ''
    const lines = block.split('\n').filter((line) => line.trim() !== '')
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) {
      // `coursekit` is not on the PATH here; npm's script is.
      expect(line).toMatch(/^(?:[A-Z_]+=\S+ )*npm run coursekit -- \w/)
      const args = cliArgs(line)
      const path = args.find((arg) => arg.endsWith('.yaml'))
      if (path) expect(existsSync(`${root}${path}`)).toBe(true)
      const subcommand = args[0] === 'devices' ? args.slice(0, 2) : args.slice(0, 1)
      const help = await runCli([...subcommand, '--help'], { cwd: root })
      expect({ line, code: help.code }).toEqual({ line, code: 0 })
    }
  })
})
