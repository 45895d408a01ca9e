import { DeviceLimitDialog } from '@coursekit/react'
import type { ReactNode } from 'react'
import { dialogLook } from '../ui/dialog-look.ts'

/** The dialog itself, loaded only when the server refuses this device (see device-limit.tsx). */
export default function DeviceLimitDialogView(): ReactNode {
  return <DeviceLimitDialog className={dialogLook} />
}
