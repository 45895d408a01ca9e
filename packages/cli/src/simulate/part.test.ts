import { describe, expect, it } from 'vitest'
import { runSimulationPart, type SimulationProgress, type SimulationSettings } from './part.ts'

describe('runSimulationPart', () => {
  it('reports how many devices are registered as they register, without walking them', async () => {
    const settings: SimulationSettings = {
      devices: 4,
      users: 2,
      deviceLimit: 2,
      watchRatio: 0,
      durationMs: 20 * 60_000,
      rampUpMs: 60_000,
      seed: 'progress',
      clock: 'virtual',
      target: { kind: 'embedded' },
    }
    const reports: SimulationProgress[] = []
    const registeredEvents: string[] = []
    await runSimulationPart(
      settings,
      { index: 0, of: 1 },
      {
        emit: (event) => {
          if (event.event === 'registered') registeredEvents.push(event.device)
        },
        progress: (progress) => reports.push(progress),
      },
    )
    expect(new Set(registeredEvents).size).toBe(4)
    expect(reports.at(0)?.registered).toBeLessThanOrEqual(4)
    expect(reports.at(-1)).toMatchObject({ registered: 4, devices: 4, signedIn: 4 })
    expect(reports.every((report) => report.registered >= 0 && report.registered <= 4)).toBe(true)
  })
})
