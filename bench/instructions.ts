// Instructions per simulated request, counted by valgrind's callgrind: nearly the same count for the
// same code run after run, where CPU time on this machine moves by ±20 % between identical runs. `npm run bench:instructions` writes bench/results/instructions.md; with
// COURSEKIT_BENCH_AGAINST=<another checkout, installed> it counts that one too, side by side.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

interface Count {
  instructions: number
  requests: number
}

interface Figures {
  perRequestLongTokens: number
  perRequestDefault: number
  perRefresh: number
}

const DEVICES = 100
const root = fileURLToPath(new URL('..', import.meta.url))

/** The instructions `node <script> <args>` runs in `checkout`, and what it printed. */
function callgrind(
  checkout: string,
  script: string,
  scriptArgs: string[],
): Promise<{ instructions: number; out: string }> {
  const args = [
    '--tool=callgrind',
    '--callgrind-out-file=/dev/null',
    `${checkout}/node_modules/.bin/node`,
    // One thread: V8's background compilers and GC helpers would make the count depend on timing.
    '--single-threaded',
    '--conditions=@coursekit/source',
    `${checkout}/${script}`,
    ...scriptArgs,
  ]
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', args, { cwd: checkout, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => {
      const collected = /Collected : (\d+)/.exec(err)?.[1]
      if (code !== 0 || !collected) {
        reject(
          new Error(
            `callgrind of ${script} ${scriptArgs.join(' ')} in ${checkout} failed (${code}): ${err.slice(-500)}`,
          ),
        )
        return
      }
      resolve({ instructions: Number(collected), out })
    })
  })
}

async function count(checkout: string, duration: string, tokenLifetime: string): Promise<Count> {
  const { instructions, out } = await callgrind(checkout, 'packages/cli/src/bin.ts', [
    'simulate',
    ...['--devices', String(DEVICES), '--duration', duration, '--workers', '1'],
    ...['--token-lifetime', tokenLifetime, '--json'],
  ])
  const summary = out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type?: string; requests?: { total: number } })
    .find((event) => event.type === 'summary')
  if (!summary?.requests) throw new Error(`no summary from the simulation in ${checkout}`)
  return { instructions, requests: summary.requests.total }
}

const LOOP = 'bench/heartbeat-loop.ts'
const LOOP_HEARTBEATS = 10_000

/** Instructions per heartbeat of one hot client: the backend alone, and through the API client. */
async function layers(checkout: string): Promise<{ backend: number; client: number } | null> {
  if (!existsSync(`${checkout}/${LOOP}`)) return null
  const per = async (mode: string) => {
    const none = await callgrind(checkout, LOOP, [mode, '0'])
    const some = await callgrind(checkout, LOOP, [mode, String(LOOP_HEARTBEATS)])
    return (some.instructions - none.instructions) / LOOP_HEARTBEATS
  }
  return { backend: await per('backend'), client: await per('client') }
}

/**
 * Three runs; the short one is start-up and sign-ins, subtracted from the long ones. One after
 * another: a run crowded onto a busy core counts more (the simulator's stall timers and V8's heap
 * sizing follow the wall clock).
 */
async function figures(checkout: string): Promise<Figures> {
  const start = await count(checkout, '10m', '30d')
  const long = await count(checkout, '6h', '30d')
  const standard = await count(checkout, '6h', '1h')
  const per = (a: Count, b: Count) => (a.instructions - b.instructions) / (a.requests - b.requests)
  return {
    perRequestLongTokens: per(long, start),
    perRequestDefault: per(standard, start),
    perRefresh: per(standard, long),
  }
}

/** The checkout's commit, so a table says what it compared. */
function revision(checkout: string): string {
  try {
    const commit = execFileSync('git', ['-C', checkout, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['-C', checkout, 'status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    })
    return dirty.trim() === '' ? commit : `${commit} + changes`
  } catch {
    return 'not a git checkout'
  }
}

async function main(): Promise<void> {
  const against = process.env.COURSEKIT_BENCH_AGAINST
  if (against !== undefined && !existsSync(`${against}/node_modules/.bin/node`)) {
    process.stderr.write(
      `COURSEKIT_BENCH_AGAINST: ${against} is not an installed checkout (no node_modules/.bin/node)\n`,
    )
    process.exit(2)
  }
  const probe = spawn('valgrind', ['--version'], { stdio: 'ignore' })
  const hasValgrind = await new Promise<boolean>((resolve) => {
    probe.on('error', () => resolve(false))
    probe.on('close', (code) => resolve(code === 0))
  })
  if (!hasValgrind) {
    process.stderr.write('bench:instructions needs valgrind (Debian: apt-get install -y valgrind)\n')
    process.exit(2)
  }
  process.stdout.write(`bench: counting instructions (${against ? 'two checkouts, ' : ''}a few minutes)…\n`)
  // The two checkouts go at once, one run after another each: this machine has two cores.
  const all = async (checkout: string) => ({ figures: await figures(checkout), layers: await layers(checkout) })
  const [mine, theirs] = await Promise.all([all(root), against ? all(against) : Promise.resolve(null)])
  const here = mine.figures
  const hereLayers = mine.layers
  const there = theirs?.figures ?? null
  const thereLayers = theirs?.layers ?? null
  const k = (n: number | undefined) => (n === undefined ? 'n/a' : `${Math.round(n / 1000).toLocaleString('en-US')} k`)
  const rows: [string, number | undefined, number | undefined][] = [
    ['a simulated request, 30-day tokens (no refreshes)', here.perRequestLongTokens, there?.perRequestLongTokens],
    ['a simulated request, 1-hour tokens (the default)', here.perRequestDefault, there?.perRequestDefault],
    ['a token refresh in a simulation (its request and all it sets off)', here.perRefresh, there?.perRefresh],
    ['a heartbeat of one hot client: the mock backend alone', hereLayers?.backend, thereLayers?.backend],
    ['the same through the core API client', hereLayers?.client, thereLayers?.client],
  ]
  const ratio = (mine: number | undefined, theirs: number | undefined) =>
    mine === undefined || theirs === undefined ? 'n/a' : (mine / theirs).toFixed(3)
  const table = there
    ? [
        `| what | this checkout (${revision(root)}) | ${against} (${revision(against!)}) | ratio |`,
        '| --- | --- | --- | --- |',
        ...rows.map(([name, mine, theirs]) => `| ${name} | ${k(mine)} | ${k(theirs)} | ${ratio(mine, theirs)} |`),
      ]
    : ['| what | instructions |', '| --- | --- |', ...rows.map(([name, mine]) => `| ${name} | ${k(mine)} |`)]
  const text = [
    '# coursekit: instructions per simulated request',
    '',
    `Written by \`npm run bench:instructions\` on ${new Date().toISOString()}. valgrind's callgrind counts the instructions of \`coursekit simulate --devices ${DEVICES} --workers 1\` on Node's --single-threaded V8, from source: 6 virtual hours, minus a 10-minute run for start-up and sign-ins, divided by the requests between. The last two rows count \`bench/heartbeat-loop.ts\` the same way (${LOOP_HEARTBEATS.toLocaleString('en-US')} heartbeats more, on a simulation's Fetch classes; n/a where a checkout has no such program). Two runs of the same code one after another counted within 0.01 % of each other, so a change of a few per cent shows that CPU time on this machine hides; runs crowded onto busy cores count a few per cent more (the simulator's stall timers and V8's heap sizing follow the wall clock), so compare checkouts counted in one run. The count leaves out what cache misses and a large heap cost at 10,000 devices.`,
    '',
    ...table,
    '',
  ].join('\n')
  await mkdir(new URL('./results/', import.meta.url), { recursive: true })
  await writeFile(new URL('./results/instructions.md', import.meta.url), text)
  process.stdout.write(`${text}\nbench: wrote bench/results/instructions.md\n`)
}

await main()
