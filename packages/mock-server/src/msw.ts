import { HttpResponse, http, type RequestHandler } from 'msw'
import type { MockBackend } from './backend.ts'
import { DroppedResponseError } from './faults.ts'

/**
 * The backend as msw handlers for `setupServer(...)`: the client's real fetch path, intercepted.
 * Every request under the backend's URL is answered by it; a dropped-response fault becomes a network error.
 */
export function createMswHandlers(backend: MockBackend): RequestHandler[] {
  return [
    http.all(`${backend.url}/*`, async ({ request }) => {
      try {
        return await backend.handler(request)
      } catch (error) {
        if (error instanceof DroppedResponseError) return HttpResponse.error()
        throw error
      }
    }),
  ]
}
