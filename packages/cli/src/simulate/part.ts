import { type Clock, systemClock } from '@coursekit/core'
import { createSimulatedClock, loadOnDemandModules } from '@coursekit/core/testing'
import type { Account } from '../run/account.ts'
import { createSimulatedDevice, type SimulatedDevice } from '../run/device.ts'
import type { EventSink } from '../run/events.ts'
import { createSeriesSampler, type SeriesSnapshot, seriesStep } from '../run/series.ts'
import { realTimeline, simulatedTimeline, type Timeline } from '../run/timeline.ts'
import { collectTotals, createEventTally, type EventTally, type RunTotals } from '../run/totals.ts'
import { createTraffic, type Traffic } from '../run/traffic.ts'
import { createEmbeddedTarget, createRemoteTarget, type Target } from '../target/target.ts'
import { runPassword, simulatedAccount, simulatedDeviceName } from './accounts.ts'
import { type DeviceBehaviour, startDeviceBehaviour } from './device-behaviour.ts'
import { deviceSchedule } from './device-schedule.ts'
import { useLightFetchClasses } from './light-fetch.ts'
import { createSignInWatch } from './sign-in-watch.ts'

/** What `coursekit simulate` runs, as plain data (it crosses into worker threads). */
export interface SimulationSettings {
  devices: number
  users: number
  deviceLimit: number
  /** Share of registered time spent watching, 0..1. */
  watchRatio: number
  durationMs: number
  rampUpMs: number
  seed: string
  clock: 'virtual' | 'real'
  /** The embedded backend's device lease; default the backend's (40 min). */
  sessionLeaseMs?: number
  /** The embedded backend's access-token lifetime; default the backend's (1 h, as Supabase). */
  tokenLifetimeMs?: number
  target: EmbeddedSettings | RemoteSettings
}

export interface EmbeddedSettings {
  kind: 'embedded'
}

export interface RemoteSettings {
  kind: 'remote'
  apiBaseUrl: string
  supabaseUrl: string
  anonKey: string
  /** One per user, in order. */
  accounts: Account[]
}

/** Which share of the users this thread runs: users u with u % of === index. Devices follow their user. */
export interface SimulationPart {
  index: number
  of: number
}

export interface SimulationProgress {
  simulatedMs: number
  requests: number
  signedIn: number
  registered: number
  devices: number
}

export interface SimulationHooks {
  emit: EventSink
  /** Called after each window of simulated time (throttle it yourself). */
  progress?(progress: SimulationProgress): void
  /** Ends the run early; the totals so far are returned. */
  stop?: AbortSignal
}

/**
 * Runs the devices of one part of a simulation on one thread: its own clock, its own embedded
 * backend (users are split between parts, and a user's devices stay together, so the device
 * limit, which counts per user, holds exactly as in one process), its own traffic counters.
 */
export async function runSimulationPart(
  settings: SimulationSettings,
  part: SimulationPart,
  hooks: SimulationHooks,
): Promise<RunTotals> {
  // Against the embedded backend every request stays in this thread; see useLightFetchClasses.
  const release = settings.target.kind === 'embedded' ? useLightFetchClasses() : () => {}
  try {
    return await runPart(settings, part, hooks)
  } finally {
    release()
  }
}

async function runPart(settings: SimulationSettings, part: SimulationPart, hooks: SimulationHooks): Promise<RunTotals> {
  const simulated = settings.clock === 'virtual'
  // The code that runs device sessions, loaded before the first device signs in: a browser loads it
  // then, over the network; here its load would take real time while simulated time moves on.
  await loadOnDemandModules()
  const virtualClock = simulated ? createSimulatedClock() : null
  const clock: Clock = virtualClock ?? systemClock
  const userIndices = range(settings.users).filter((user) => user % part.of === part.index)
  const accounts = new Map<number, Account>()
  let target: Target
  if (settings.target.kind === 'embedded') {
    const password = runPassword()
    const seeds = []
    for (const user of userIndices) {
      const account = simulatedAccount(user, settings.users, password)
      accounts.set(user, account)
      seeds.push(account.seed)
    }
    target = await createEmbeddedTarget({
      clock,
      deviceLimit: settings.deviceLimit,
      ...(settings.sessionLeaseMs !== undefined ? { sessionLeaseMs: settings.sessionLeaseMs } : {}),
      ...(settings.tokenLifetimeMs !== undefined
        ? { jwtExpirySeconds: Math.max(1, Math.round(settings.tokenLifetimeMs / 1000)) }
        : {}),
      users: seeds,
      seedDemoAccounts: false,
    })
  } else {
    for (const user of userIndices) accounts.set(user, settings.target.accounts[user]!)
    target = createRemoteTarget(settings.target)
  }
  // Supabase's auth client loads on a client's first start; load it once now, not inside simulated time.
  await import('@supabase/auth-js')

  const traffic = createTraffic({ clock, ...(virtualClock ? { waitStart: () => virtualClock.horizon() } : {}) })
  const timeline: Timeline = virtualClock ? simulatedTimeline(virtualClock, traffic) : realTimeline(traffic)
  const runStartedAt = clock.now()
  const tally = createEventTally()
  const signIns = createSignInWatch({ users: userIndices.length })
  const emit: EventSink = (event) => {
    tally.observe(event)
    signIns.observe(event)
    hooks.emit(event)
  }

  const devices: SimulatedDevice[] = []
  const behaviours: DeviceBehaviour[] = []
  let registered = 0
  for (let index = 0; index < settings.devices; index++) {
    const user = index % settings.users
    const account = accounts.get(user)
    if (!account) continue
    const schedule = deviceSchedule(index, settings)
    const device = createSimulatedDevice({
      name: simulatedDeviceName(index, settings.devices),
      account,
      userAgent: schedule.userAgent,
      target,
      clock,
      traffic,
      runStartedAt,
      emit,
      onRegistration: (change) => {
        registered += change
      },
    })
    devices.push(device)
    behaviours.push(startDeviceBehaviour(device, schedule, clock))
  }

  const report = () =>
    hooks.progress?.({
      simulatedMs: timeline.elapsed(),
      requests: traffic.total(),
      signedIn: tally.events.signedIn ?? 0,
      registered,
      devices: devices.length,
    })
  const sampler = createSeriesSampler(seriesStep(settings.durationMs), () =>
    snapshot(devices, registered, tally, traffic),
  )
  let reportedAt = performance.now()
  let givenUp: string | null = null
  await timeline.advance(settings.durationMs, {
    until: () => {
      givenUp = signIns.hopeless(devices.length)
      return givenUp !== null || hooks.stop?.aborted === true
    },
    onWindow: () => {
      sampler.at(timeline.elapsed())
      // A few times a second of real time, not every window.
      const now = performance.now()
      if (now - reportedAt < PROGRESS_EVERY_MS) return
      reportedAt = now
      report()
    },
  })
  for (const behaviour of behaviours) behaviour.stop()
  await timeline.settle()
  report()
  const totals = collectTotals({ devices, tally, traffic: traffic.stats(), simulatedMs: timeline.elapsed() })
  if (givenUp !== null) totals.gaveUp = givenUp
  totals.series = sampler.finish(timeline.elapsed())
  if (target.kind === 'remote') {
    // A deployment outlives the run: its devices sign out, so they do not hold slots for the next one.
    await Promise.allSettled(devices.filter((device) => device.userId() !== null).map((device) => device.signOut()))
    await timeline.settle()
    totals.traffic = traffic.stats()
  }
  for (const device of devices) device.dispose()
  return totals
}

/** The run now, for its time series: read once per sample, so it may walk every device. */
function snapshot(
  devices: readonly SimulatedDevice[],
  registered: number,
  tally: EventTally,
  traffic: Traffic,
): SeriesSnapshot {
  let signedIn = 0
  let watching = 0
  let heartbeats = 0
  for (const device of devices) {
    if (device.userId() !== null && !device.crashed) signedIn++
    if (device.state()?.isWatchingVideo) watching++
    heartbeats += device.counts.heartbeatsWatching + device.counts.heartbeatsIdle
  }
  const evictions = Object.values(tally.evictions).reduce((sum, n) => sum + n, 0)
  return {
    signedIn,
    registered,
    watching,
    requests: traffic.finishedByEndpoint(),
    heartbeats,
    deviceLimitEvents: tally.events.deviceLimitReached ?? 0,
    videoConflicts: tally.events.videoConflict ?? 0,
    evictions,
  }
}

/** Real time between progress reports. */
const PROGRESS_EVERY_MS = 200

const range = (n: number) => Array.from({ length: n }, (_, i) => i)
