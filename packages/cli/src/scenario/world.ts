import type { Account } from '../run/account.ts'
import type { SimulatedDevice } from '../run/device.ts'
import type { RunEvent } from '../run/events.ts'
import type { Timeline } from '../run/timeline.ts'
import type { Target } from '../target/target.ts'

/** What a running scenario's steps and expectations work on. */
export interface ScenarioWorld {
  readonly target: Target
  readonly timeline: Timeline
  readonly devices: ReadonlyMap<string, SimulatedDevice>
  readonly accounts: ReadonlyMap<string, Account>
  /** Every event so far, in order. */
  readonly history: readonly RunEvent[]
  /** The device named `name` (the schema checked it exists). */
  device(name: string): SimulatedDevice
  /** When each device first signed in (simulated ms since the start), for per-device-hour rates. */
  readonly signedInAt: ReadonlyMap<string, number>
}

export function eventsOf(world: ScenarioWorld, device: string, event: RunEvent['event']): RunEvent[] {
  return world.history.filter((record) => record.device === device && record.event === event)
}

/** The ids of a user's live devices, as the server holds them: the embedded backend's registry, or a signed-in device of the user asking. */
export async function liveDeviceIds(world: ScenarioWorld, userName: string): Promise<string[] | null> {
  const account = world.accounts.get(userName)
  if (!account) return null
  const backend = world.target.backend
  if (backend) {
    const user = backend.context.users.authByEmail(account.email)
    if (!user) return []
    return backend.context.devices.list(user.id).map((session) => session.id)
  }
  const asker = [...world.devices.values()].find(
    (device) => device.account.name === userName && !device.crashed && device.state()?.isInitialized,
  )
  if (!asker) return null
  const listed = await world.timeline.run(asker.listDevices())
  return listed.ok ? listed.devices.map((item) => item.id) : null
}
