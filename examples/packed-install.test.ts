/**
 * A library consumer's first contact: the packed tarballs installed from a folder outside the
 * workspace, on the machine's own Node (20 on CI), running the core README's Node recipe against
 * the mock server. Nothing here resolves the `@coursekit/source` condition: only what `npm pack`
 * ships is tested.
 */
import { execFile } from 'node:child_process'
import { existsSync, realpathSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = fileURLToPath(new URL('..', import.meta.url))
const packed = ['@coursekit/core', '@coursekit/react', '@coursekit/mock-server']
const minutes = 60_000

/** The recipe is the first `js` block of the core README's install section, so the two cannot drift. */
function installRecipe(readme: string): string {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Install'))
  const block = section?.match(/^```js\n([\s\S]*?)^```/m)
  if (!block?.[1]) throw new Error('packages/core/README.md has no ```js block under "## Install"')
  return block[1]
}

/** The machine's Node: the first `node` on PATH that is not one the project installed. */
function systemNode(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'node')
    if (dir && existsSync(candidate) && !realpathSync(candidate).startsWith(realpathSync(root))) return candidate
  }
  return '/usr/bin/node'
}

/** An environment with the system Node first and none of the calling npm's settings. */
function consumerEnv(node: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value
  const path = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir && !dir.includes('node_modules'))
  env.PATH = [dirname(node), ...path].join(delimiter)
  env.NO_UPDATE_NOTIFIER = '1'
  return env
}

describe('the packed packages in a fresh folder', () => {
  const node = systemNode()
  const env = consumerEnv(node)
  let work = ''
  let app = ''

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'coursekit-install-'))
    const tarballs = join(work, 'tarballs')
    app = join(work, 'app')
    await mkdir(tarballs)
    await mkdir(app)
    // Turborepo's cache makes this a replay when `npm run build` already ran (as in CI).
    const filters = packed.map((name) => `--filter=${name}`)
    await run('npm', ['run', 'build', '--', ...filters, '--output-logs=errors-only'], {
      cwd: root,
      timeout: 8 * minutes,
    })
    const workspaces = packed.flatMap((name) => ['-w', name])
    const { stdout } = await run('npm', ['pack', ...workspaces, '--pack-destination', tarballs, '--json'], {
      cwd: root,
      timeout: 2 * minutes,
    })
    const files = (JSON.parse(stdout) as { filename: string }[]).map(({ filename }) => join(tarballs, filename))
    await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
    await run('npm', ['install', '--no-fund', '--no-audit', ...files], { cwd: app, env, timeout: 5 * minutes })
  }, 16 * minutes)

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true })
  })

  it(
    'runs the core README recipe on the system Node against the installed mock server',
    async () => {
      const { stdout: version } = await run(node, ['--version'], { env })
      expect(Number(version.trim().slice(1).split('.')[0])).toBeGreaterThanOrEqual(20)

      const readme = await readFile(join(root, 'packages/core/README.md'), 'utf8')
      await writeFile(join(app, 'recipe.mjs'), installRecipe(readme))
      const { stdout } = await run(node, ['recipe.mjs'], { cwd: app, env, timeout: 1 * minutes })
      expect(stdout).toBe('sign-in: signed-in\ncourses: 5 of 7\n')
    },
    2 * minutes,
  )

  it(
    'loads every entry of the three packages on the system Node',
    async () => {
      const entries = [
        '@coursekit/core',
        '@coursekit/core/flows',
        '@coursekit/core/display',
        '@coursekit/core/clock',
        '@coursekit/core/contract',
        '@coursekit/core/testing',
        '@coursekit/react',
        '@coursekit/mock-server',
        '@coursekit/mock-server/node',
      ]
      const script = `for (const entry of ${JSON.stringify(entries)}) console.log(entry, Object.keys(await import(entry)).length > 0)`
      const { stdout } = await run(node, ['--input-type=module', '-e', script], { cwd: app, env, timeout: 1 * minutes })
      expect(stdout).toBe(entries.map((entry) => `${entry} true\n`).join(''))
    },
    2 * minutes,
  )

  it(
    'runs a client on the simulated clock against the in-process backend on the system Node with no test runner installed: it signs in and registers its device',
    async () => {
      const script = [
        "import { createCourseClient, memoryPlatform } from '@coursekit/core'",
        "import { createSimulatedClock, loadOnDemandModules } from '@coursekit/core/testing'",
        "import { createMockBackend, DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'",
        'await loadOnDemandModules()',
        'const clock = createSimulatedClock()',
        'const backend = await createMockBackend({ clock })',
        'const sent = []',
        'const fetch = (input, init) => {',
        '  const request = new Request(input, init)',
        "  sent.push(request.method + ' ' + new URL(request.url).pathname)",
        '  return backend.fetch(request)',
        '}',
        'const options = { supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, clock, fetch }',
        'const laptop = createCourseClient({ apiBaseUrl: backend.url, platform: memoryPlatform(), ...options })',
        'laptop.start()',
        'const signedIn = await laptop.auth.signInWithPassword(demoAccounts.learner.email, DEMO_PASSWORD)',
        'const registered = () => backend.context.devices.list(demoAccounts.learner.id).length > 0',
        'for (let turn = 0; turn < 1000 && !registered(); turn++) await clock.tickAsync(0)',
        "console.log(signedIn.status, sent.filter((line) => line === 'POST /api/v2/session-tracker').length)",
        'laptop.dispose()',
      ].join('\n')
      const { stdout } = await run(node, ['--input-type=module', '-e', script], { cwd: app, env, timeout: 1 * minutes })
      expect(stdout).toBe('signed-in 1\n')
    },
    2 * minutes,
  )
})
