import { type Clock, systemClock } from '@coursekit/core'
import { createSimulatedClock, loadOnDemandModules } from '@coursekit/core/testing'
import { createSimulatedDevice, type SimulatedDevice } from '../run/device.ts'
import type { RunEvent } from '../run/events.ts'
import { realTimeline, simulatedTimeline, type Timeline } from '../run/timeline.ts'
import { collectTotals, createEventTally, type RunTotals } from '../run/totals.ts'
import { createTraffic } from '../run/traffic.ts'
import { USER_AGENTS } from '../simulate/device-schedule.ts'
import { createEmbeddedTarget, createRemoteTarget, type Target } from '../target/target.ts'
import { scenarioAccounts } from './accounts.ts'
import { describeExpectation, describeStep } from './describe.ts'
import { checkExpectation } from './expectations.ts'
import type { Expectation, Scenario, ScenarioStep } from './schema.ts'
import type { ScenarioWorld } from './world.ts'

export interface ScenarioTargetSettings {
  /** Null: the embedded mock backend. */
  remote: { apiBaseUrl: string; supabaseUrl: string; anonKey: string } | null
  clock: 'virtual' | 'real'
}

/** A line of the run's record: a device event, a step carried out, an expectation checked. */
export type ScenarioRecord =
  | RunEvent
  | { type: 'step'; index: number; step: string; description: string; t: number; ok: boolean; message: string | null }
  | {
      type: 'expectation'
      /** `steps[4]` for an expect step, `expect` for the file's final list. */
      where: string
      expectation: string
      description: string
      t: number
      ok: boolean
      message: string
    }

export interface ScenarioResult {
  ok: boolean
  steps: { total: number; run: number; failed: number }
  expectations: { total: number; passed: number; failed: number }
  failures: string[]
  totals: RunTotals
  target: string
}

/**
 * Runs a scenario: its devices (each a full client with its own storage) against the embedded
 * backend on a simulated clock, or a deployment in real time; the steps in order; the
 * expectations where they stand and at the end. A step that cannot be carried out (a sign-in that
 * fails, a removal the server refuses) stops the run.
 */
export async function runScenario(
  scenario: Scenario,
  settings: ScenarioTargetSettings,
  options: { env: Record<string, string | undefined>; record: (record: ScenarioRecord) => void },
): Promise<ScenarioResult> {
  const embedded = settings.remote === null
  const { accounts, seeds } = scenarioAccounts(scenario, { embedded, env: options.env })
  const virtualClock = settings.clock === 'virtual' ? createSimulatedClock() : null
  const clock: Clock = virtualClock ?? systemClock
  // The code that runs device sessions, loaded before the first device signs in: a browser loads it
  // then, over the network; here its load would take real time while simulated time moves on.
  await loadOnDemandModules()
  const target: Target = settings.remote
    ? createRemoteTarget(settings.remote)
    : await createEmbeddedTarget({
        clock,
        ...(scenario.backend['device-limit'] !== undefined ? { deviceLimit: scenario.backend['device-limit'] } : {}),
        ...(scenario.backend.lease !== undefined ? { sessionLeaseMs: scenario.backend.lease } : {}),
        ...(scenario.backend['token-lifetime'] !== undefined
          ? { jwtExpirySeconds: Math.max(1, Math.round(scenario.backend['token-lifetime'] / 1000)) }
          : {}),
        users: seeds,
      })
  await import('@supabase/auth-js')
  const traffic = createTraffic({ clock, ...(virtualClock ? { waitStart: () => virtualClock.horizon() } : {}) })
  const timeline: Timeline = virtualClock ? simulatedTimeline(virtualClock, traffic) : realTimeline(traffic)
  const runStartedAt = clock.now()
  const history: RunEvent[] = []
  const signedInAt = new Map<string, number>()
  const tally = createEventTally()

  const devices = new Map<string, SimulatedDevice>()
  const defaultUser = [...accounts.keys()][0]!
  Object.entries(scenario.devices).forEach(([name, spec], index) => {
    const account = accounts.get(spec.user ?? defaultUser)!
    const device = createSimulatedDevice({
      name,
      account,
      userAgent: spec['user-agent'] ?? USER_AGENTS[index % USER_AGENTS.length]!,
      target,
      clock,
      traffic,
      runStartedAt,
      countEndpoints: true,
      emit(event) {
        history.push(event)
        tally.observe(event)
        if (event.event === 'signedIn' && !signedInAt.has(name)) signedInAt.set(name, event.t)
        options.record(event)
      },
    })
    devices.set(name, device)
  })

  const world: ScenarioWorld = {
    target,
    timeline,
    devices,
    accounts,
    history,
    signedInAt,
    device: (name) => devices.get(name)!,
  }

  const failures: string[] = []
  let expectationsTotal = 0
  let expectationsPassed = 0
  let stepsRun = 0
  let stepsFailed = 0

  const expect = async (expectation: Expectation, where: string) => {
    expectationsTotal++
    const description = describeExpectation(expectation)
    let outcome: { ok: boolean; message: string }
    try {
      outcome = await checkExpectation(world, expectation)
    } catch (error) {
      outcome = { ok: false, message: `could not check: ${(error as Error).message}` }
    }
    if (outcome.ok) expectationsPassed++
    else failures.push(`${where}: ${description}: ${outcome.message}`)
    options.record({
      type: 'expectation',
      where,
      expectation: expectation.kind,
      description,
      t: timeline.elapsed(),
      ok: outcome.ok,
      message: outcome.message,
    })
  }

  let stopped = false
  for (const [index, step] of scenario.steps.entries()) {
    stepsRun++
    if (step.kind === 'expect') {
      for (const expectation of step.args) await expect(expectation, `steps[${index}]`)
      continue
    }
    let outcome: { ok: boolean; message: string | null }
    try {
      outcome = await runStep(world, step)
    } catch (error) {
      outcome = { ok: false, message: (error as Error).message }
    }
    options.record({
      type: 'step',
      index,
      step: step.kind,
      description: describeStep(step),
      t: timeline.elapsed(),
      ok: outcome.ok,
      message: outcome.message,
    })
    if (!outcome.ok) {
      stepsFailed++
      failures.push(`steps[${index}]: ${describeStep(step)}: ${outcome.message ?? 'failed'}`)
      stopped = true
      break
    }
  }
  if (!stopped) for (const expectation of scenario.expect ?? []) await expect(expectation, 'expect')
  const skipped = stopped ? countExpectations(scenario.steps.slice(stepsRun)) + (scenario.expect?.length ?? 0) : 0

  await timeline.settle()
  const totals = collectTotals({
    devices: [...devices.values()],
    tally,
    traffic: traffic.stats(),
    simulatedMs: timeline.elapsed(),
  })
  if (target.kind === 'remote') {
    // A deployment outlives the scenario: devices still signed in sign out, freeing their slots.
    const signedIn = [...devices.values()].filter((device) => !device.crashed && device.userId() !== null)
    await Promise.allSettled(signedIn.map((device) => device.signOut()))
    await timeline.settle()
    totals.traffic = traffic.stats()
  }
  for (const device of devices.values()) device.dispose()
  return {
    ok: failures.length === 0,
    steps: { total: scenario.steps.length, run: stepsRun, failed: stepsFailed },
    expectations: {
      total: expectationsTotal + skipped,
      passed: expectationsPassed,
      failed: expectationsTotal - expectationsPassed,
    },
    failures,
    totals,
    target: target.describe(),
  }
}

function countExpectations(steps: readonly ScenarioStep[]): number {
  return steps.reduce((n, step) => n + (step.kind === 'expect' ? step.args.length : 0), 0)
}

type StepOutcome = { ok: boolean; message: string | null }

async function runStep(world: ScenarioWorld, step: Exclude<ScenarioStep, { kind: 'expect' }>): Promise<StepOutcome> {
  const { timeline } = world
  const all = <T>(names: readonly string[], act: (device: SimulatedDevice) => Promise<T>) =>
    timeline.run(Promise.all(names.map((name) => act(world.device(name)))))
  switch (step.kind) {
    case 'sign-in': {
      const results = await all(step.args, (device) => {
        device.start()
        return device.signIn()
      })
      await timeline.settle()
      const failed = results
        .map((result, i) => ({ result, name: step.args[i]! }))
        .filter(({ result }) => result.status !== 'signed-in')
      if (failed.length === 0) return { ok: true, message: registrationSummary(world, step.args) }
      return {
        ok: false,
        message: failed
          .map(({ name, result }) => `${name}: ${result.status === 'error' ? result.message : result.status}`)
          .join('; '),
      }
    }
    case 'register': {
      await all(step.args, (device) => device.register())
      return { ok: true, message: registrationSummary(world, step.args) }
    }
    case 'watch': {
      const result = await timeline.run(world.device(step.args.device).watch(step.args.video))
      return {
        ok: true,
        message: result.ok ? 'watching' : `refused: ${result.status} ${result.code ?? ''} ${result.error}`.trim(),
      }
    }
    case 'end-watch': {
      const result = await timeline.run(world.device(step.args).endWatch())
      return { ok: true, message: result.ok ? null : `${result.status} ${result.error}` }
    }
    case 'advance':
      await timeline.advance(step.args)
      return { ok: true, message: null }
    case 'remove-device':
    case 'force-logout': {
      const device = world.device(step.args.device)
      const dialogOpen = device.state()?.limitDialog != null
      const targetId = await resolveTarget(world, device, step.args.target, step.kind === 'remove-device' && dialogOpen)
      if (targetId === undefined) return { ok: false, message: `${step.args.target} has no session to remove` }
      if (step.kind === 'remove-device' && dialogOpen) {
        const ok = await timeline.run(device.resolveLimit(targetId))
        const error = device.state()?.limitDialog?.error
        return ok
          ? { ok: true, message: `removed in the device-limit dialog; ${step.args.device} registered` }
          : { ok: false, message: error ?? 'the dialog could not remove it' }
      }
      if (targetId === null) return { ok: false, message: 'no oldest device to remove' }
      const result = await timeline.run(
        step.kind === 'remove-device' ? device.removeDevice(targetId) : device.forceLogout(targetId),
      )
      return result.ok ? { ok: true, message: null } : { ok: false, message: `${result.status} ${result.error}` }
    }
    case 'terminate-others': {
      const result = await timeline.run(world.device(step.args.device).terminateOthers(step.args.video))
      return result.ok ? { ok: true, message: null } : { ok: false, message: `${result.status} ${result.error}` }
    }
    case 'sign-out':
      await all(step.args, (device) => device.signOut())
      return { ok: true, message: null }
    case 'offline':
    case 'online':
      for (const name of step.args) world.device(name).setOnline(step.kind === 'online')
      await timeline.settle()
      return { ok: true, message: null }
    case 'crash':
      for (const name of step.args) world.device(name).crash()
      await timeline.settle()
      return { ok: true, message: null }
    case 'reload':
      for (const name of step.args) world.device(name).reload()
      await timeline.run(Promise.resolve())
      return { ok: true, message: registrationSummary(world, step.args) }
    case 'fault': {
      const { path, method, kind, status, latency, count } = step.args
      await world.target.addFault({
        path,
        method: method.toUpperCase(),
        kind,
        ...(status !== undefined ? { status } : {}),
        ...(kind === 'latency' ? { latencyMs: latency ?? 0 } : {}),
        ...(count !== undefined ? { count } : {}),
      })
      return { ok: true, message: null }
    }
    case 'clear-faults':
      await world.target.clearFaults()
      return { ok: true, message: null }
  }
}

/**
 * The session id a removal aims at: a named device's, or `oldest`: the dialog's preselection
 * (null) when the dialog does the removal, else the oldest in the device's fresh list.
 */
async function resolveTarget(
  world: ScenarioWorld,
  device: SimulatedDevice,
  target: string,
  viaDialog: boolean,
): Promise<string | null | undefined> {
  if (target !== 'oldest') return world.device(target).sessionId() ?? undefined
  if (viaDialog) return null
  const listed = await world.timeline.run(device.listDevices())
  if (!listed.ok) return undefined
  return listed.devices.find((item) => item.isOldest)?.id ?? listed.devices[0]?.id ?? null
}

/** "laptop registered, tablet limit-reached". */
function registrationSummary(world: ScenarioWorld, names: readonly string[]): string {
  return names.map((name) => `${name} ${world.device(name).state()?.status ?? 'gone'}`).join(', ')
}
