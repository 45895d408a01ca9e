import type { CourseClient } from '@coursekit/core'

/**
 * Sends the app to `to` the way the core does: a `navigate` event, which the client carries out
 * itself (`navigation: 'platform'`) or a router does (`useNavigateEvents`). Not from the page
 * it is already on.
 */
export function requestNavigation(client: CourseClient, to: string): void {
  if (client.platform.location.current().pathname === to) return
  client.events.emit('navigate', { to, replace: true, delayMs: 0 })
}
