import type { Clock } from '@coursekit/core'
import { ErrorCode } from '@coursekit/core/contract'
import type { SimulatedDevice } from '../run/device.ts'
import type { DeviceSchedule } from './device-schedule.ts'

/**
 * The person behind a simulated device, acting on the seeded schedule: signs in, alternates idle
 * stretches and watches; at the device limit removes the oldest device (the dialog preselects it);
 * after a video conflict sometimes ends the other device's watch and plays here; once evicted,
 * comes back later. Everything happens in timers on the run's clock.
 */
export interface DeviceBehaviour {
  stop(): void
}

export function startDeviceBehaviour(device: SimulatedDevice, schedule: DeviceSchedule, clock: Clock): DeviceBehaviour {
  const timers = new Set<unknown>()
  let stopped = false

  const later = (ms: number, task: () => Promise<void> | void) => {
    if (stopped || !Number.isFinite(ms)) return
    const handle = clock.setTimeout(() => {
      timers.delete(handle)
      if (!stopped) void Promise.resolve(task()).catch(() => {})
    }, ms)
    timers.add(handle)
  }

  const registered = () => device.state()?.isInitialized === true

  function idleStretch(): void {
    later(schedule.idleMs(), watchStretch)
  }

  async function watchStretch(): Promise<void> {
    if (stopped) return
    if (registered()) {
      const video = schedule.video()
      let result = await device.watch(video)
      if (!result.ok && result.code === ErrorCode.videoConflict && schedule.takesOverConflict()) {
        const terminated = await device.terminateOthers(video)
        if (terminated.ok) result = await device.watch(video)
      }
      if (result.ok) {
        later(schedule.watchMs(), async () => {
          await device.endWatch()
          idleStretch()
        })
        return
      }
    }
    idleStretch()
  }

  const unsubscribe = device.onEvent((event) => {
    if (event.event === 'deviceLimitReached') {
      later(schedule.limitThinkMs(), async () => {
        await device.resolveLimit()
      })
    } else if (event.event === 'evicted') {
      later(schedule.returnAfterMs(), async () => {
        await device.register()
      })
    }
  })

  later(schedule.signInAfterMs, async () => {
    device.start()
    const result = await device.signIn()
    if (result.status !== 'signed-in') return
    if (schedule.startsWatching()) await watchStretch()
    else idleStretch()
  })

  return {
    stop() {
      stopped = true
      unsubscribe()
      for (const handle of timers) clock.clearTimeout(handle)
      timers.clear()
    },
  }
}
