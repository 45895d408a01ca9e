import type { ClientEvents, EventEmitter } from '../../kernel/emitter.ts'
import type { LocationPort } from '../../kernel/ports.ts'
import type { AuthService } from '../auth-service.ts'

/**
 * What a page's flow that moves the app needs of its client: the auth commands, the client's
 * `navigate` event and where the page is. A binding passes `client.auth`, `client.events` and
 * `client.platform.location`.
 */
export interface PageFlowDeps {
  auth: AuthService
  events: EventEmitter<ClientEvents>
  location: LocationPort
}
