import { HOUR } from '@coursekit/core/clock'
import { endpointMatcher } from '../run/endpoint-label.ts'
import { formatDuration } from '../terminal/duration.ts'
import type { Expectation } from './schema.ts'
import { eventsOf, liveDeviceIds, type ScenarioWorld } from './world.ts'

export interface ExpectationOutcome {
  ok: boolean
  /** What was found, for people (and --json). */
  message: string
}

/** Checks an expectation now; `evicted … within` moves time forward until it holds or the time is up. */
export async function checkExpectation(world: ScenarioWorld, expectation: Expectation): Promise<ExpectationOutcome> {
  switch (expectation.kind) {
    case 'registered': {
      const { devices, count, created } = expectation.args
      const registered = devices.filter((name) => world.device(name).state()?.isInitialized === true)
      const createdOk = (name: string) => {
        if (created === undefined) return true
        const last = eventsOf(world, name, 'registered').at(-1)
        return last !== undefined && last.created === created
      }
      const ok =
        (count === undefined ? registered.length === devices.length : registered.length === count) &&
        registered.every(createdOk)
      const wrongCreated = registered.filter((name) => !createdOk(name))
      return {
        ok,
        message:
          `registered: ${registered.join(', ') || 'none'}` +
          statusList(
            world,
            devices.filter((name) => !registered.includes(name)),
          ) +
          (wrongCreated.length > 0
            ? `; ${wrongCreated.join(', ')} ${created ? 'was not new' : 'registered as a new device'}`
            : ''),
      }
    }
    case 'not-registered': {
      const registered = expectation.args.filter((name) => world.device(name).state()?.isInitialized === true)
      return {
        ok: registered.length === 0,
        message: registered.length === 0 ? 'none registered' : `registered: ${registered.join(', ')}`,
      }
    }
    case 'device-limit': {
      const { devices, count, listed } = expectation.args
      const seen = devices.filter((name) =>
        eventsOf(world, name, 'deviceLimitReached').some((event) => listed === undefined || event.devices === listed),
      )
      const ok = count === undefined ? seen.length === devices.length : seen.length === count
      const lists = devices
        .flatMap((name) =>
          eventsOf(world, name, 'deviceLimitReached').map((event) => `${name} (${String(event.devices)} devices)`),
        )
        .join(', ')
      return { ok, message: lists ? `device-limit events: ${lists}` : 'no device-limit event' }
    }
    case 'video-conflict': {
      const { device, video, with: other } = expectation.args
      const otherSession = other === undefined ? undefined : world.device(other).sessionId()
      const conflicts = eventsOf(world, device, 'videoConflict')
      const match = conflicts.find(
        (event) =>
          (video === undefined || event.videoId === video) &&
          (otherSession === undefined || event.otherSessionId === otherSession),
      )
      const named = (sessionId: unknown) =>
        [...world.devices.values()].find((candidate) => candidate.sessionId() === sessionId)?.name ?? String(sessionId)
      return {
        ok: match !== undefined,
        message:
          conflicts.length === 0
            ? 'no video conflict'
            : `conflicts: ${conflicts.map((event) => `${String(event.videoId)} with ${named(event.otherSessionId)}`).join(', ')}`,
      }
    }
    case 'watching': {
      const state = world.device(expectation.args.device).state()
      const ok =
        state?.isWatchingVideo === true &&
        (expectation.args.video === undefined || state.videoId === expectation.args.video)
      return { ok, message: state?.isWatchingVideo ? `watching ${state.videoId}` : 'not watching' }
    }
    case 'not-watching': {
      const watching = expectation.args.filter((name) => world.device(name).state()?.isWatchingVideo === true)
      return {
        ok: watching.length === 0,
        message: watching.length === 0 ? 'none watching' : `watching: ${watching.join(', ')}`,
      }
    }
    case 'evicted':
      return checkEvicted(world, expectation.args)
    case 'live-devices': {
      const ids = await liveDeviceIds(world, expectation.args.user)
      if (ids === null)
        return { ok: false, message: `no signed-in device of ${expectation.args.user} to ask the server` }
      const names = ids.map((id) => [...world.devices.values()].find((device) => device.sessionId() === id)?.name ?? id)
      return { ok: ids.length === expectation.args.count, message: `${ids.length} live: ${names.join(', ') || 'none'}` }
    }
    case 'notice': {
      const notices = eventsOf(world, expectation.args.device, 'notice')
      const ok = notices.some((event) => String(event.message).includes(expectation.args.message))
      return {
        ok,
        message:
          notices.length === 0 ? 'no notices' : `notices: ${notices.map((event) => String(event.message)).join(' | ')}`,
      }
    }
    case 'requests-per-device-hour':
      return checkRate(world, expectation.args)
  }
}

async function checkEvicted(
  world: ScenarioWorld,
  args: { device: string; within: number; reason?: string | undefined },
): Promise<ExpectationOutcome> {
  const device = world.device(args.device)
  const startedAt = world.timeline.elapsed()
  let serverSays: string | null = null
  const evictedEvent = () =>
    eventsOf(world, args.device, 'evicted').find((event) => args.reason === undefined || event.reason === args.reason)
  // A crashed device hears nothing: ask the server whether its session is still live.
  const gone = async (): Promise<boolean> => {
    if (!device.crashed) return evictedEvent() !== undefined
    const sessionId = device.sessionId()
    const ids = await liveDeviceIds(world, device.account.name)
    if (ids === null) {
      serverSays = 'no way to ask the server (no other signed-in device of the user)'
      return false
    }
    return sessionId !== null && !ids.includes(sessionId)
  }
  let held = await gone()
  if (!held && args.within > 0) {
    if (device.crashed && world.target.backend) {
      // The embedded registry is cheap to ask after every window of simulated time.
      const backend = world.target.backend
      const user = backend.context.users.authByEmail(device.account.email)
      const sessionId = device.sessionId()
      held = await world.timeline.advance(args.within, {
        until: () =>
          user !== undefined && !backend.context.devices.list(user.id).some((session) => session.id === sessionId),
      })
    } else if (device.crashed) {
      const end = world.timeline.elapsed() + args.within
      while (!held && world.timeline.elapsed() < end) {
        await world.timeline.advance(Math.min(60_000, end - world.timeline.elapsed()))
        held = await gone()
      }
    } else {
      held = await world.timeline.advance(args.within, { until: () => evictedEvent() !== undefined })
    }
  }
  const waited = world.timeline.elapsed() - startedAt
  if (held) {
    const event = evictedEvent()
    const when = event ? `at ${formatDuration(event.t)}` : `after ${formatDuration(waited)}`
    return {
      ok: true,
      message: device.crashed ? `no longer live on the server ${when}` : `evicted (${String(event?.reason)}) ${when}`,
    }
  }
  const other = eventsOf(world, args.device, 'evicted')
  return {
    ok: false,
    message:
      serverSays ??
      (other.length > 0
        ? `evicted, but for ${other.map((event) => String(event.reason)).join(', ')}`
        : `${device.crashed ? 'still live on the server' : 'not evicted'} after ${formatDuration(waited)}`),
  }
}

function checkRate(
  world: ScenarioWorld,
  args: {
    device?: string | undefined
    endpoint?: string | undefined
    min?: number | undefined
    max?: number | undefined
  },
): ExpectationOutcome {
  const matches = endpointMatcher(args.endpoint)
  const now = world.timeline.elapsed()
  const devices = args.device ? [world.device(args.device)] : [...world.devices.values()]
  let count = 0
  let hours = 0
  for (const device of devices) {
    const since = world.signedInAt.get(device.name)
    if (since === undefined) continue
    hours += (now - since) / HOUR
    for (const [label, n] of device.counts.byEndpoint) if (matches(label)) count += n
  }
  if (hours === 0) return { ok: false, message: 'no device-hours yet (nobody signed in, or no time passed)' }
  const rate = count / hours
  const ok = (args.min === undefined || rate >= args.min) && (args.max === undefined || rate <= args.max)
  return { ok, message: `${rate.toFixed(2)} per device-hour (${count} over ${hours.toFixed(2)} device-hours)` }
}

/** ", tablet: limit-reached" — why the devices that are not registered are not. */
function statusList(world: ScenarioWorld, names: string[]): string {
  if (names.length === 0) return ''
  return `; ${names.map((name) => `${name}: ${world.device(name).crashed ? 'crashed' : (world.device(name).state()?.status ?? 'idle')}`).join(', ')}`
}
