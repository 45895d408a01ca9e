import { loadavg } from 'node:os'
import { findChromium } from '@coursekit/test-browser'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { previewApp } from '../apps/web/scripts/preview-app.ts'
import { type BenchSection, fmt } from './report.ts'

/** Issue 16's goals, each a Lighthouse category score out of 100. */
const GOALS = { performance: 90, accessibility: 100, 'best-practices': 95 } as const
const CATEGORIES = Object.keys(GOALS) as (keyof typeof GOALS)[]
/**
 * The pages measured, one line each: what the page is, and a path the mock backend's sample data
 * fills (a lesson that plays signed out, a course that exists).
 */
export const LIGHTHOUSE_PAGES: readonly { page: string; path: string }[] = [
  { page: 'home', path: '/' },
  { page: 'sign-in', path: '/sign/in' },
  { page: 'catalogue', path: '/courses' },
  { page: 'course', path: '/courses/101' },
]
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
] as const

/**
 * Lighthouse's default mobile profile (Moto G power, slow 4G, 4× CPU slowdown) with simulated
 * throttling, which models the throttled load from an unthrottled trace and so suits a shared
 * machine, on the production build served by `vite preview` with the mock backend on one origin.
 */
export async function lighthouseBench(pages = LIGHTHOUSE_PAGES): Promise<BenchSection> {
  const app = await previewApp({}, 'node_modules/.cache/bench-lighthouse-build')
  const chromium = await findChromium()
  const chrome = await launch({
    chromePath: chromium.path,
    chromeFlags: [...chromium.args.filter((arg) => !arg.startsWith('--headless')), '--headless=new'],
  })
  const load = loadavg()[0]!
  const rows: (string | number)[][] = []
  const failed: string[] = []
  let version = '?'
  try {
    for (const { page, path: route } of pages) {
      const loadNow = loadavg()[0]!
      const result = await lighthouse(`${app.origin}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      })
      const lhr = result?.lhr
      if (!lhr) throw new Error(`Lighthouse gave no result for ${route}`)
      version = lhr.lighthouseVersion
      const scores = CATEGORIES.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100))
      const metrics = METRICS.map(([id]) => lhr.audits[id]?.displayValue ?? '?')
      rows.push([
        `${page} \`${route}\``,
        ...scores.map((score, i) => `${score} (${score >= GOALS[CATEGORIES[i]!] ? 'met' : 'missed'})`),
        ...metrics,
        fmt(loadNow, 1),
      ])
      for (const category of CATEGORIES) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id]
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
            failed.push(
              `\`${route}\` ${category}: ${audit.id} (${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''})`,
            )
          }
        }
      }
    }
  } finally {
    chrome.kill()
    await app.close()
  }
  return {
    title: 'Learner app (apps/web): Lighthouse',
    method: `Lighthouse ${version} mobile profile, simulated throttling, on the production build (vite preview + mock backend, one origin), headless Chromium from @coursekit/test-browser; the machine's 1-minute load average was ${fmt(load, 1)} at the start and is in each page's row (\`load\`), taken as its run began. Goals: performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}, best practices ≥ ${GOALS['best-practices']}.`,
    table: {
      header: ['page', 'performance', 'accessibility', 'best practices', 'FCP', 'LCP', 'TBT', 'CLS', 'load'],
      rows,
    },
    notes:
      failed.length > 0 ? failed.map((audit) => `scores under 0.9: ${audit}`) : ['No weighted audit scored under 0.9.'],
  }
}
