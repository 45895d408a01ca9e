import { MINUTE } from '@coursekit/core/clock'
import { demoAccounts } from '@coursekit/mock-server'
import { createWorld } from '@coursekit/testkit/react'
import { act, render } from '@testing-library/react'
import { Profiler, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { useAuth } from './auth/use-auth.ts'
import { useAuthGate } from './auth/use-auth-gate.ts'
import { useProfile } from './auth/use-profile.ts'
import { CourseClientProvider } from './course-client-provider.tsx'
import { useDeviceSession } from './devices/use-device-session.ts'

const { learner } = demoAccounts

function AuthStatus(): ReactNode {
  return <p>{useAuth((state) => state.status)}</p>
}

function UserName(): ReactNode {
  return <p>{useAuth((state) => state.user?.email)}</p>
}

function ProfileName(): ReactNode {
  const { profile, completion } = useProfile()
  return (
    <p>
      {profile?.nickname} {completion}
    </p>
  )
}

function Guarded(): ReactNode {
  return <p>{useAuthGate({ redirectTo: null }).status}</p>
}

function TokenExpiry(): ReactNode {
  return <p>{useAuth().expiry}</p>
}

function LastHeartbeat(): ReactNode {
  return <p>{useDeviceSession((state) => state.lastHeartbeatSent)}</p>
}

/**
 * React's <Profiler> counts the commits of each subtree: a heartbeat changes the device store, and
 * only the component that shows the heartbeat may render again.
 */
describe('re-renders', () => {
  it('a heartbeat tick re-renders nothing that reads only auth or profile', async () => {
    const world = await createWorld()
    const device = world.device()
    const commits = new Map<string, number>()
    const count = (id: string) => commits.set(id, (commits.get(id) ?? 0) + 1)
    const measured = (id: string, node: ReactNode) => (
      <Profiler id={id} onRender={() => count(id)}>
        {node}
      </Profiler>
    )
    render(
      <CourseClientProvider client={device.client}>
        {measured('status', <AuthStatus />)}
        {measured('user', <UserName />)}
        {measured('profile', <ProfileName />)}
        {measured('guard', <Guarded />)}
        {measured('heartbeat', <LastHeartbeat />)}
      </CourseClientProvider>,
    )
    await device.signIn(learner.email, learner.password)
    await world.advance(2 * MINUTE)
    const before = new Map(commits)
    const heartbeats = () => world.requestsTo('POST', '/session-tracker/heartbeat').length
    const sentBefore = heartbeats()

    // Idle: a heartbeat every 20 minutes.
    await world.advance(41 * MINUTE)
    expect(heartbeats()).toBeGreaterThanOrEqual(sentBefore + 2)
    expect(commits.get('heartbeat')).toBeGreaterThanOrEqual(before.get('heartbeat')! + 2)
    for (const id of ['status', 'user', 'profile', 'guard']) expect([id, commits.get(id)]).toEqual([id, before.get(id)])
  })

  it('watching: a heartbeat a minute, still no auth or profile render', async () => {
    const world = await createWorld()
    const device = world.device()
    let authRenders = 0
    let profileRenders = 0
    render(
      <CourseClientProvider client={device.client}>
        <Profiler id="auth" onRender={() => authRenders++}>
          <AuthStatus />
        </Profiler>
        <Profiler id="profile" onRender={() => profileRenders++}>
          <ProfileName />
        </Profiler>
      </CourseClientProvider>,
    )
    await device.signIn(learner.email, learner.password)
    await world.advance(MINUTE)
    await world.idle()
    const [auth, profile] = [authRenders, profileRenders]
    device.client.devices!.startWatching('lesson-1')
    await world.idle()
    await world.advance(10 * MINUTE)
    expect(world.requestsTo('POST', '/session-tracker/heartbeat').length).toBeGreaterThanOrEqual(9)
    expect([authRenders, profileRenders]).toEqual([auth, profile])
  })

  it('a token refresh re-renders what reads the token, not what reads the status or the user', async () => {
    const world = await createWorld()
    const device = world.device()
    const renders = { whole: 0, status: 0, user: 0 }
    render(
      <CourseClientProvider client={device.client}>
        <Profiler id="whole" onRender={() => renders.whole++}>
          <TokenExpiry />
        </Profiler>
        <Profiler id="status" onRender={() => renders.status++}>
          <AuthStatus />
        </Profiler>
        <Profiler id="user" onRender={() => renders.user++}>
          <UserName />
        </Profiler>
      </CourseClientProvider>,
    )
    await device.signIn(learner.email, learner.password)
    const before = { ...renders }
    const expiry = device.client.auth!.store.getState().expiry
    await world.advance(5 * MINUTE)
    await act(async () => {
      expect(await device.client.auth!.refreshSession()).toBe(true)
    })
    await world.idle()
    expect(device.client.auth!.store.getState().expiry).toBeGreaterThan(expiry!)
    expect(renders.whole).toBeGreaterThan(before.whole)
    expect({ status: renders.status, user: renders.user }).toEqual({ status: before.status, user: before.user })
  })
})
