import { type CourseClient, type CourseClientOptions, memoryPlatform } from '@coursekit/core'
import { demoAccounts } from '@coursekit/mock-server'
import { APP_ORIGIN, type World } from '@coursekit/testkit'
import { createWorld, renderWithClient } from '@coursekit/testkit/react'
import { act, render, renderHook } from '@testing-library/react'
import { type ReactNode, StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { useCourseClient } from './course-client-context.ts'
import { CourseClientProvider } from './course-client-provider.tsx'

const { learner } = demoAccounts

function ClientProbe(props: { seen: CourseClient[] }): ReactNode {
  props.seen.push(useCourseClient())
  return null
}

/** The next page load of a browser where the learner signed in: storage and cookies carried over. */
async function signedInPageLoad(world: World): Promise<CourseClientOptions> {
  const earlier = world.device({ name: 'earlier page' })
  await earlier.signIn(learner.email, learner.password)
  earlier.client.dispose()
  const cookies = Object.fromEntries([...earlier.platform.cookieJar].map(([name, cookie]) => [name, cookie.value]))
  const fetch = world.fetchFor('page')
  return {
    apiBaseUrl: world.backend.url,
    supabaseUrl: world.backend.url,
    supabaseAnonKey: world.backend.anonKey,
    platform: memoryPlatform({
      url: `${APP_ORIGIN}/courses`,
      storage: earlier.platform.storage.entries(),
      cookies,
      fetch,
    }),
    clock: world.clock,
    fetch,
  }
}

async function settled(world: World, client: CourseClient): Promise<void> {
  await act(async () => {
    await client.auth!.start()
  })
  await world.idle()
}

describe('CourseClientProvider', () => {
  it('starts a given client after mount and never disposes it', async () => {
    const world = await createWorld()
    const { client } = world.device()
    expect(client.status).toBe('idle')
    const seen: CourseClient[] = []
    const view = renderWithClient(<ClientProbe seen={seen} />, client)
    expect(seen[0]).toBe(client)
    expect(client.status).toBe('started')
    view.unmount()
    await act(async () => {})
    expect(client.status).toBe('started')
    client.dispose()
  })

  it('makes a client from options once (inline options on every render), and disposes it on unmount', async () => {
    const world = await createWorld()
    const options = (): CourseClientOptions => ({
      apiBaseUrl: world.backend.url,
      platform: memoryPlatform({ fetch: world.fetchFor('page') }),
      clock: world.clock,
    })
    const seen: CourseClient[] = []
    const view = render(
      <CourseClientProvider options={options()}>
        <ClientProbe seen={seen} />
      </CourseClientProvider>,
    )
    view.rerender(
      <CourseClientProvider options={options()}>
        <ClientProbe seen={seen} />
      </CourseClientProvider>,
    )
    expect(seen).toHaveLength(2)
    expect(seen[1]).toBe(seen[0])
    expect(seen[0]!.status).toBe('started')
    view.unmount()
    await act(async () => {})
    expect(seen[0]!.status).toBe('disposed')
  })

  it('StrictMode: the double effects keep one client running, and a restored session registers one device', async () => {
    const world = await createWorld()
    const options = await signedInPageLoad(world)
    const seen: CourseClient[] = []
    render(
      <StrictMode>
        <CourseClientProvider options={options}>
          <ClientProbe seen={seen} />
        </CourseClientProvider>
      </StrictMode>,
    )
    const client = seen[0]!
    expect(new Set(seen)).toEqual(new Set([client]))
    await settled(world, client)
    expect(client.status).toBe('started')
    expect(client.auth!.store.getState()).toMatchObject({ status: 'authenticated', user: { id: learner.id } })
    expect(client.devices!.store.getState()).toMatchObject({ status: 'registered' })
    const pageRegistrations = world.requestsTo('POST', '/session-tracker').filter((r) => r.device === 'page')
    expect(pageRegistrations).toHaveLength(1)
    const sessions = world.backend.context.devices.list(learner.id)
    expect(sessions.map((session) => session.id)).toContain(client.devices!.store.getState().sessionId)
  })

  it('StrictMode with a given client: one registration after sign-in', async () => {
    const world = await createWorld()
    const device = world.device()
    renderWithClient(null, device.client, { strict: true })
    await device.signIn(learner.email, learner.password)
    expect(world.requestsTo('POST', '/session-tracker')).toHaveLength(1)
    expect(world.backend.context.devices.list(learner.id)).toHaveLength(1)
    device.client.dispose()
  })

  it('useCourseClient outside a provider says what is missing', () => {
    expect(() => renderHook(() => useCourseClient())).toThrow(/CourseClientProvider/)
  })
})
