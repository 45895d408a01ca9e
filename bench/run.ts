import { mkdir, writeFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import { analyticsBundleBench } from './analytics.bench.ts'
import { budgetBench } from './budget.bench.ts'
import { cliBench } from './cli.bench.ts'
import { coreApiBench, coreBundleBench } from './core.bench.ts'
import { devicesBench } from './devices.bench.ts'
import { heartbeatBench } from './heartbeat.bench.ts'
import { reactBundleBench } from './react.bench.ts'
import { type BenchSection, renderSection } from './report.ts'

const suites: { name: string; run: () => Promise<BenchSection> }[] = [
  { name: 'heartbeat', run: heartbeatBench },
  { name: 'core bundle', run: coreBundleBench },
  { name: 'analytics bundle share', run: analyticsBundleBench },
  { name: 'core api client', run: coreApiBench },
  { name: 'device sessions', run: devicesBench },
  { name: 'react bundle', run: reactBundleBench },
  { name: 'cli simulate', run: cliBench },
  { name: 'cli budget', run: budgetBench },
]

const sections: string[] = []
for (const suite of suites) {
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
await writeFile(new URL('latest.md', resultsDir), `${header}\n${sections.join('\n')}`)
process.stdout.write('bench: wrote bench/results/latest.md\n')
