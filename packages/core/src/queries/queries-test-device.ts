/** Test-only (not exported): the content reads' handle of a test world's device, as a client would make it. */
import type { Device } from '@coursekit/testkit'
import { createQueries, type Queries } from './queries.ts'

export function queriesOf(device: Device): Queries {
  return createQueries({
    api: device.client.api,
    clock: device.clock,
    lifecycle: device.platform.lifecycle,
    account: device.client.auth!.forServices.store,
  })
}
