import type { DeviceSessionState } from '@coursekit/core'
import { useDeviceSession } from '@coursekit/react'
import { lazy, type ReactNode, Suspense } from 'react'

const DeviceLimitDialogView = lazy(() => import('./device-limit-dialog.tsx'))

const dialogOpen = (state: DeviceSessionState) => state.limitDialog !== null

/**
 * The device-limit modal (spec §2, §8): opens by itself when the server refuses this device right
 * after sign-in, lists the learner's devices with the oldest chosen, and removing one lets this
 * device in. Mounted once beside the router, so it opens on whatever page the sign-in lands; its
 * code (and the devices' descriptions, the dialog model's) loads only when it opens, so it stays
 * out of the first paint's JS.
 */
export function DeviceLimit(): ReactNode {
  const open = useDeviceSession(dialogOpen) ?? false
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <DeviceLimitDialogView />
    </Suspense>
  )
}
