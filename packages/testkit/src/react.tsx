/**
 * `@coursekit/testkit/react`: the one test world for the React bindings' tests, stepping inside
 * act(), and rendering under a provider of a world device's client.
 */
import type { CourseClient } from '@coursekit/core'
import { CourseClientProvider } from '@coursekit/react'
import { act, type RenderResult, render } from '@testing-library/react'
import { type ReactNode, StrictMode } from 'react'
import { CHROME_WINDOWS } from './user-agents.ts'
import { createWorld as createWorldOutsideReact, type World, type WorldOptions } from './world.ts'

/**
 * The test world (the same options as `@coursekit/testkit`'s) whose idle(), advance() and until()
 * run inside act(), so React sees every update; devices are Chrome on Windows unless told otherwise.
 */
export function createWorld(options: Omit<WorldOptions, 'act'> = {}): Promise<World> {
  return createWorldOutsideReact({ userAgent: CHROME_WINDOWS, ...options, act })
}

/** Renders `ui` under a provider of `client` (optionally in StrictMode). */
export function renderWithClient(
  ui: ReactNode,
  client: CourseClient,
  options: { strict?: boolean } = {},
): RenderResult {
  const tree = <CourseClientProvider client={client}>{ui}</CourseClientProvider>
  return render(options.strict ? <StrictMode>{tree}</StrictMode> : tree)
}

/** Waits until the client's auth service has read the stored session and its reads' cache has arrived. */
export async function started(client: CourseClient): Promise<void> {
  await act(async () => {
    client.start()
    await client.auth?.start()
    await client.queries.load()
  })
}

/**
 * For renderHook: a provider of `client`. For StrictMode pass renderHook's `reactStrictMode: true`
 * (a <StrictMode> inside the wrapper does not run mount effects twice; only one at the root does).
 */
export function providerOf(client: CourseClient) {
  // biome-ignore lint/correctness/noComponentHookFactories: renderHook's wrapper, one per client under test
  return function Wrapper(props: { children: ReactNode }): ReactNode {
    return <CourseClientProvider client={client}>{props.children}</CourseClientProvider>
  }
}
