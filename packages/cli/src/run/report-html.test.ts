import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type Browser, collectPageErrors, launchChromium } from '@coursekit/test-browser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../terminal/test-io.ts'

describe('coursekit simulate --report', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
  })

  it('writes one self-contained HTML file that opens in Chromium without errors: charts over time and the summary table', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'coursekit-report-'))
    const run = await runCli(
      ['simulate', '--devices', '24', '--users', '10', '--duration', '4h', '--workers', '2', '--report', 'run.html'],
      { cwd: dir },
    )
    expect(run.code).toBe(0)
    const path = join(dir, 'run.html')
    const html = await readFile(path, 'utf8')
    // Self-contained: nothing loaded from elsewhere.
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet|https?:\/\/(?!github\.com\/leeoniya)/)

    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
    const errors = collectPageErrors(page)
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.goto(pathToFileURL(path).href)
    await page.waitForSelector('.uplot canvas')

    const charts = await page.locator('.chart h3').allTextContents()
    expect(charts).toEqual([
      'Devices',
      'Requests per simulated second, by endpoint',
      'Heartbeats per simulated second',
      'Device-limit events, video conflicts and evictions, per 1 min',
    ])
    expect(await page.locator('.uplot canvas').count()).toBe(4)
    const legends = await page.locator('.u-legend').allTextContents()
    expect(legends[0]).toMatch(/signed in.*registered.*watching/)
    expect(legends[1]).toContain('POST /api/v2/session-tracker/heartbeat')
    expect(legends[3]).toMatch(/device-limit events.*video conflicts.*evictions/)
    // The series reached the page, added up over both threads: 24 devices signed in.
    const signedIn = await page.evaluate(() => {
      const series = JSON.parse(document.getElementById('series')!.textContent!) as { signedIn: number[] }
      return Math.max(...series.signedIn)
    })
    expect(signedIn).toBe(24)

    const heartbeatRow = page.locator('table.summary tbody tr', { hasText: 'POST /api/v2/session-tracker/heartbeat' })
    const cells = await heartbeatRow.locator('td').allTextContents()
    expect(Number(cells[1]!.replace(/,/g, ''))).toBeGreaterThan(50)
    // p50, p95, p99 close the row.
    expect(cells.slice(-3).every((cell) => /^\d[\d.,]*$/.test(cell))).toBe(true)
    expect(await page.locator('table.facts').textContent()).toContain('device-limit events')

    expect(errors).toEqual([])
    expect(requests).toEqual([pathToFileURL(path).href])
    await page.close()
  })
})
