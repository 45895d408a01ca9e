import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The development routes on a real network, in a network namespace this test makes: a veth pair
 * whose two ends, 10.213.0.1 (the server's) and 10.213.0.2 (another machine's), both live inside
 * that namespace, so nothing reaches this machine's own addresses or any other. Needs root and
 * iproute2; without them it skips locally and fails under CI=true.
 */
const PACKAGE = fileURLToPath(new URL('..', import.meta.url))
const SERVER = '10.213.0.1'
const OTHER_MACHINE = '10.213.0.2'
const CONSENT = '/auth/v1/authorize/consent?provider=google&redirect_to=http://localhost/&email=admin@coursekit.dev'

function namespaceSupport(): string | null {
  if (process.getuid?.() !== 0) return 'not root (network namespaces need CAP_NET_ADMIN)'
  try {
    execFileSync('ip', ['-V'], { stdio: 'ignore' })
  } catch {
    return 'the ip command (iproute2) is missing'
  }
  return null
}

const unsupported = namespaceSupport()
if (unsupported && process.env.CI === 'true')
  throw new Error(`network-namespace test cannot run under CI: ${unsupported}`)

const namespace = `ck-dev-${process.pid}-${randomBytes(3).toString('hex')}`
const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' })
const inNamespace = (args: string[]) =>
  spawn('ip', ['netns', 'exec', namespace, process.execPath, '--conditions=@coursekit/source', ...args], {
    cwd: PACKAGE,
    stdio: ['ignore', 'pipe', 'pipe'],
  })

/** Starts a server in the namespace; resolves with its stderr so far once `ready` matches its stdout. */
function startInNamespace(args: string[], ready: RegExp): Promise<{ child: ChildProcess; stderr: () => string }> {
  const child = inNamespace(args)
  let stdout = ''
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${ready}" in 30 s: ${stdout}\n${stderr}`)), 30_000)
    child.stdout?.on('data', (chunk) => {
      stdout += chunk
      if (ready.test(stdout)) {
        clearTimeout(timer)
        resolve({ child, stderr: () => stderr })
      }
    })
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${stdout}\n${stderr}`)))
  })
}

/** GETs each path from a source address inside the namespace; the statuses, by path. */
async function statusesFrom(source: string, target: string, port: number, paths: string[]): Promise<number[]> {
  const script = `
    import http from 'node:http'
    const get = (path) => new Promise((resolve, reject) => {
      const request = http.get({ host: ${JSON.stringify(target)}, localAddress: ${JSON.stringify(source)}, port: ${port}, path }, (response) => {
        response.resume()
        resolve(response.statusCode)
      })
      request.on('error', reject)
    })
    const statuses = []
    for (const path of ${JSON.stringify(paths)}) statuses.push(await get(path))
    console.log(JSON.stringify(statuses))`
  const child = inNamespace(['--input-type=module', '-e', script])
  let out = ''
  child.stdout?.on('data', (chunk) => {
    out += chunk
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`client exited ${code}`)
  return JSON.parse(out) as number[]
}

const stop = async (child: ChildProcess | undefined) => {
  if (!child || child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

describe.skipIf(unsupported !== null)(
  `bound to the network: another machine (${unsupported ?? 'in a namespace'})`,
  () => {
    let root: string
    beforeAll(async () => {
      ip('netns', 'add', namespace)
      ip('-n', namespace, 'link', 'add', 'ck-server', 'type', 'veth', 'peer', 'name', 'ck-other')
      ip('-n', namespace, 'addr', 'add', `${SERVER}/30`, 'dev', 'ck-server')
      ip('-n', namespace, 'addr', 'add', `${OTHER_MACHINE}/30`, 'dev', 'ck-other')
      for (const link of ['lo', 'ck-server', 'ck-other']) ip('-n', namespace, 'link', 'set', link, 'up')
      root = await mkdtemp(join(tmpdir(), 'coursekit-netns-'))
      await writeFile(join(root, 'index.html'), '<!doctype html><title>app</title>')
    })
    afterAll(async () => {
      // Deleting the namespace deletes the veth pair in it.
      execFileSync('ip', ['netns', 'del', namespace], { stdio: 'ignore' })
      await rm(root, { recursive: true, force: true })
    })

    const paths = ['/api/health', '/__dev/state', '/__dev/mailbox?email=learner@coursekit.dev', CONSENT]

    it('coursekit serve --host 0.0.0.0: dev routes and the consent stand-in refuse it, loopback is served; the warning says so', async () => {
      const { child, stderr } = await startInNamespace(
        ['src/bin.ts', '--host', '0.0.0.0', '--port', '54321', '--no-demo-accounts'],
        /listening on/,
      )
      try {
        expect(await statusesFrom(OTHER_MACHINE, SERVER, 54321, paths)).toEqual([200, 403, 403, 403])
        expect(await statusesFrom('127.0.0.1', '127.0.0.1', 54321, paths)).toEqual([200, 200, 200, 303])
        expect(stderr()).toContain('warning: listening on 0.0.0.0, not just this machine.')
        expect(stderr()).toContain('this machine only (403 to others')
      } finally {
        await stop(child)
      }
    })

    it('coursekit serve --expose-dev-routes opens them, and the warning says that too', async () => {
      const { child, stderr } = await startInNamespace(
        ['src/bin.ts', '--host', SERVER, '--port', '54322', '--expose-dev-routes'],
        /listening on/,
      )
      try {
        expect(await statusesFrom(OTHER_MACHINE, SERVER, 54322, paths)).toEqual([200, 200, 200, 303])
        expect(stderr()).toContain('OPEN TO EVERY CLIENT')
      } finally {
        await stop(child)
      }
    })

    it('vite --host with the plugin: the same rule, and Vite’s log says what it exposes', async () => {
      const script = `
      import { createServer } from 'vite'
      import { mockBackendPlugin } from './src/vite-plugin.ts'
      const server = await createServer({
        root: ${JSON.stringify(root)}, configFile: false, plugins: [mockBackendPlugin()],
        server: { host: '0.0.0.0', port: 5173, strictPort: true, ws: false },
      })
      await server.listen()
      await (await server.config.plugins.find((p) => p.name === 'coursekit-mock-backend')).backend()
      console.log('ready')`
      const { child, stderr } = await startInNamespace(['--input-type=module', '-e', script], /ready/)
      try {
        expect(await statusesFrom(OTHER_MACHINE, SERVER, 5173, paths)).toEqual([200, 403, 403, 403])
        expect(await statusesFrom('127.0.0.1', '127.0.0.1', 5173, paths)).toEqual([200, 200, 200, 303])
        expect(stderr()).toContain('coursekit mock backend: warning: listening on 0.0.0.0')
      } finally {
        await stop(child)
      }
    })
  },
)
