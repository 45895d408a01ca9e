// @vitest-environment node
import { createCourseClient, memoryPlatform } from '@coursekit/core'
import { createSimulatedClock } from '@coursekit/core/testing'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { useVisitTracking } from './analytics/use-visit-tracking.ts'
import { useDeviceLimitDialog } from './dialogs/use-device-limit-dialog.ts'
import * as bindings from './index.ts'
import { useVideoWatch } from './lessons/use-video-watch.ts'
import { useNotices } from './notices/use-client-events.ts'

const {
  CourseClientProvider,
  DeviceLimitDialog,
  VideoConflictDialog,
  useAuth,
  useConversion,
  useDeviceSession,
  useDevices,
  useNavigateEvents,
  useOAuthCallback,
  useProfile,
  useProfileGate,
  useAuthGate,
  useRoleGate,
} = bindings

function Page(): ReactNode {
  const auth = useAuth((state) => state.status)
  const profile = useProfile()
  const gate = useProfileGate()
  const guard = useAuthGate()
  const role = useRoleGate('ADMIN')
  const oauth = useOAuthCallback()
  const device = useDeviceSession((state) => state.status)
  const devices = useDevices()
  const watch = useVideoWatch('lesson-1', { playing: true })
  const visit = useVisitTracking((state) => state.status)
  const { conversions } = useConversion()
  const limit = useDeviceLimitDialog()
  useNotices(() => {})
  useNavigateEvents(() => {})
  return (
    <main>
      <p>
        {[auth, profile.status, gate.status, guard.status, role.status, oauth.status, device, devices.status].join(' ')}
      </p>
      <p>{[watch.status, visit, conversions.length, String(limit.open)].join(' ')}</p>
      <DeviceLimitDialog />
      <VideoConflictDialog watch={watch} />
    </main>
  )
}

describe('server rendering', () => {
  it('imports and renders with no browser global, starting nothing', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
    const clock = createSimulatedClock()
    const client = createCourseClient({
      apiBaseUrl: 'https://api.coursekit.test',
      supabaseUrl: 'https://auth.coursekit.test',
      supabaseAnonKey: 'anon',
      platform: memoryPlatform({
        url: 'https://app.coursekit.test/courses',
        fetch: () => Promise.reject(new Error('no network on the server')),
      }),
      clock,
    })
    const html = renderToString(
      <CourseClientProvider client={client}>
        <Page />
      </CourseClientProvider>,
    )
    expect(html).toBe(
      '<main><p>loading loading loading loading loading pending idle idle</p><p>idle idle 0 false</p></main>',
    )
    expect(client.status).toBe('idle')
    expect(clock.pendingTimers()).toBe(0)
  })

  it('a provider with options makes its client on the server without starting it', () => {
    const html = renderToString(
      <CourseClientProvider
        options={{
          apiBaseUrl: 'https://api.coursekit.test',
          platform: memoryPlatform(),
          clock: createSimulatedClock(),
        }}
      >
        <p>{'ok'}</p>
      </CourseClientProvider>,
    )
    expect(html).toBe('<p>ok</p>')
  })
})
