/**
 * Test-only (not exported): a page flow's deps from an auth page (auth-test-page.ts), and what a
 * listening page has seen of a flow.
 */
import type { AuthPage } from '../auth-test-page.ts'
import type { PageFlowDeps } from './page-flow-deps.ts'

export function depsOf(h: AuthPage): PageFlowDeps {
  return { auth: h.auth, events: h.client.events, location: h.platform.location }
}

/** Subscribes as a page would and records every snapshot it is told of. */
export function watch<S>(flow: { getSnapshot(): S; subscribe(listener: () => void): () => void }): {
  seen: S[]
  stop: () => void
} {
  const seen: S[] = []
  const stop = flow.subscribe(() => seen.push(flow.getSnapshot()))
  return { seen, stop }
}
