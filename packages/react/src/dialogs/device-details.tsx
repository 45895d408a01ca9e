import type { DeviceDescription } from '@coursekit/core/display'
import type { ReactNode } from 'react'
import type { DialogLabels } from './labels.ts'

/**
 * One device as a person recognises it: browser and OS, the kind of device, when it was last seen,
 * and whether it is the oldest, this one, or watching. Plain text, so a screen reader reads it as
 * the label of the option it sits in.
 */
export function DeviceDetails(props: {
  device: DeviceDescription & { isOldest?: boolean; isCurrent?: boolean }
  labels: DialogLabels
}): ReactNode {
  const { device, labels } = props
  const badges = [
    device.isCurrent ? labels.thisDevice : null,
    device.isOldest ? labels.oldest : null,
    device.isWatchingVideo ? labels.watching : null,
  ].filter((badge): badge is string => badge !== null)
  return (
    <span data-device={device.sessionId}>
      <strong>{device.name}</strong> <span>({labels.deviceTypes[device.deviceType]})</span>
      {badges.map((badge) => (
        <span key={badge}> · {badge}</span>
      ))}
      <br />
      <small>
        {labels.lastSeen} {device.lastSeen}
      </small>
    </span>
  )
}
