import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import { analyticsBundleBench } from './analytics.bench.ts'
import { budgetBench } from './budget.bench.ts'
import { cliBench } from './cli.bench.ts'
import { coreApiBench, coreBundleBench, coreChunksBench } from './core.bench.ts'
import { devicesBench } from './devices.bench.ts'
import { heartbeatBench } from './heartbeat.bench.ts'
import { lighthouseBench } from './lighthouse.bench.ts'
import { reactBundleBench } from './react.bench.ts'
import { type BenchSection, renderSection, replaceSections } from './report.ts'
import { scaleBench } from './scale.bench.ts'
import { webBundleBench } from './web.bench.ts'

const suites: { name: string; run: () => Promise<BenchSection> }[] = [
  { name: 'heartbeat', run: heartbeatBench },
  { name: 'core bundle', run: coreBundleBench },
  { name: 'core chunks', run: coreChunksBench },
  { name: 'analytics bundle share', run: analyticsBundleBench },
  { name: 'core api client', run: coreApiBench },
  { name: 'device sessions', run: devicesBench },
  { name: 'react bundle', run: reactBundleBench },
  { name: 'cli simulate', run: cliBench },
  { name: 'cli budget', run: budgetBench },
  { name: 'cli scale', run: scaleBench },
  { name: 'web bundle', run: webBundleBench },
  { name: 'web lighthouse', run: lighthouseBench },
]

/**
 * `npm run bench` runs every suite and writes latest.md anew; `npm run bench -- "cli scale"` runs
 * the suites named and replaces only their sections in latest.md (a section is known by its title).
 */
const only = process.argv.slice(2)
const unknown = only.filter((name) => !suites.some((suite) => suite.name === name))
if (unknown.length > 0) {
  process.stderr.write(
    `bench: no suite ${unknown.join(', ')}; suites: ${suites.map((suite) => suite.name).join(', ')}\n`,
  )
  process.exit(2)
}
const sections: string[] = []
for (const suite of suites.filter((suite) => only.length === 0 || only.includes(suite.name))) {
  process.stdout.write(`bench: ${suite.name}…\n`)
  const section = renderSection(await suite.run())
  process.stdout.write(`${section}\n`)
  sections.push(section)
}

const header = [
  '# coursekit benchmarks',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}.`,
  'Figures are from one noisy machine: compare the ratios measured side by side in one run, not absolute numbers across runs.',
  '',
].join('\n')
const resultsDir = new URL('./results/', import.meta.url)
await mkdir(resultsDir, { recursive: true })
const latest = new URL('latest.md', resultsDir)
await writeFile(
  latest,
  only.length === 0 ? `${header}\n${sections.join('\n')}` : replaceSections(await readFile(latest, 'utf8'), sections),
)
process.stdout.write('bench: wrote bench/results/latest.md\n')
