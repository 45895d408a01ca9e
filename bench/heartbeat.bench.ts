import { createMockBackend, type MockBackend } from '@coursekit/mock-server'
import { startMockServer } from '@coursekit/mock-server/node'
import { accessToken } from '@coursekit/testkit'
import { type BenchSection, fmt } from './report.ts'

const USERS = 200
const HEARTBEATS = 20_000
const CONCURRENCY = 32
const ROUNDS = 3

type Fetch = (input: string, init?: RequestInit) => Promise<Response>

interface Device {
  token: string
  sessionId: string
}

async function registerDevices(backend: MockBackend, fetch: Fetch, baseUrl: string): Promise<Device[]> {
  const devices: Device[] = []
  for (let i = 0; i < USERS; i++) {
    const sub = `bench-user-${i}`
    const token = await accessToken(backend, { id: sub }, `auth-${i}`)
    const sessionId = `${sub}_device`
    const response = await fetch(`${baseUrl}/api/v2/session-tracker`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId, userAgent: 'bench' }),
    })
    if (response.status !== 200) throw new Error(`registration failed: ${response.status}`)
    devices.push({ token, sessionId })
  }
  return devices
}

async function heartbeats(fetch: Fetch, baseUrl: string, devices: Device[]): Promise<number> {
  let next = 0
  let failures = 0
  const worker = async () => {
    while (next < HEARTBEATS) {
      const device = devices[next++ % devices.length]!
      const response = await fetch(`${baseUrl}/api/v2/session-tracker/heartbeat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${device.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId: device.sessionId }),
      })
      await response.arrayBuffer()
      if (response.status !== 200) failures++
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const seconds = (performance.now() - started) / 1000
  if (failures > 0) throw new Error(`${failures} heartbeats failed`)
  return HEARTBEATS / seconds
}

/** Heartbeats per second through the in-process fetch and through loopback HTTP, alternated in one run. */
export async function heartbeatBench(): Promise<BenchSection> {
  const inProcess = await createMockBackend({ seedDemoAccounts: false })
  const server = await startMockServer({ port: 0, seedDemoAccounts: false })
  try {
    const inProcessDevices = await registerDevices(inProcess, inProcess.fetch, inProcess.url)
    const httpDevices = await registerDevices(server.backend, fetch, server.url)
    const inProcessRates: number[] = []
    const httpRates: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      inProcessRates.push(await heartbeats(inProcess.fetch, inProcess.url, inProcessDevices))
      httpRates.push(await heartbeats(fetch, server.url, httpDevices))
    }
    const best = (rates: number[]) => Math.max(...rates)
    const median = (rates: number[]) => [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)]!
    return {
      title: 'Mock server: heartbeat throughput',
      method: `${fmt(HEARTBEATS)} authenticated POST /api/v2/session-tracker/heartbeat per round, ${CONCURRENCY} in flight, ${USERS} registered devices; ${ROUNDS} rounds alternating the two hostings in one process (median and best round).`,
      table: {
        header: ['hosting', 'median req/s', 'best req/s'],
        rows: [
          ['in-process fetch (no sockets)', fmt(median(inProcessRates)), fmt(best(inProcessRates))],
          ['loopback HTTP (node:http + undici fetch)', fmt(median(httpRates)), fmt(best(httpRates))],
          [
            'ratio in-process / HTTP',
            fmt(median(inProcessRates) / median(httpRates), 2),
            fmt(best(inProcessRates) / best(httpRates), 2),
          ],
        ],
      },
    }
  } finally {
    await server.close()
  }
}
