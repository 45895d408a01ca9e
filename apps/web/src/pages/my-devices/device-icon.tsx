import type { ReactNode } from 'react'

/** What kind of device a row shows: the user agent's type, or the desktop app (its own icon). */
export type DeviceKind = 'mobile' | 'tablet' | 'desktop' | 'app'

const paths: Record<DeviceKind, ReactNode> = {
  mobile: (
    <>
      <rect x="7" y="2.5" width="10" height="19" rx="2" />
      <path d="M11 18.5h2" />
    </>
  ),
  tablet: (
    <>
      <rect x="4.5" y="2.5" width="15" height="19" rx="2" />
      <path d="M11 18.5h2" />
    </>
  ),
  desktop: (
    <>
      <rect x="2.5" y="4" width="19" height="12.5" rx="1.5" />
      <path d="M9 20.5h6M12 16.5v4" />
    </>
  ),
  app: (
    <>
      <rect x="2.5" y="4" width="19" height="12.5" rx="1.5" />
      <path d="M9 20.5h6M12 16.5v4M2.5 7.5h19M5 5.75h.01M7 5.75h.01" />
    </>
  ),
}

/** A small line drawing of the device's kind; decorative (the row says the kind in words). */
export function DeviceIcon({ kind }: { kind: DeviceKind }): ReactNode {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-device-kind={kind}
    >
      {paths[kind]}
    </svg>
  )
}
