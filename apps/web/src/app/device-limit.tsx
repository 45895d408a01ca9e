import { DeviceLimitDialog } from '@coursekit/react'
import type { ReactNode } from 'react'
import { dialogLook } from '../ui/dialog-look.ts'

/**
 * The device-limit modal (spec §2, §8): opens by itself when the server refuses this device right
 * after sign-in, lists the learner's devices with the oldest chosen, and removing one lets this
 * device in. Mounted once beside the router, so it opens on whatever page the sign-in lands.
 */
export function DeviceLimit(): ReactNode {
  return <DeviceLimitDialog className={dialogLook} />
}
