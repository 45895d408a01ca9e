import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

/**
 * The request-size guard (413). A request that crossed a network states its length, and the check
 * is a header read; one handed over in process does not, and counting its body means reading it
 * through a stream and copying the request (a quarter of a heartbeat). So the in-process fetch,
 * which sees a string body before it becomes a stream, vouches for the ones that cannot be too
 * large, and the guard lets those through without counting.
 */
export class BodyLimit {
  readonly #maxBytes: number
  readonly #vouched = new WeakSet<Request>()
  readonly #counting: MiddlewareHandler

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes
    this.#counting = bodyLimit({
      maxSize: maxBytes,
      onError: (c) =>
        c.json(
          {
            error: 'Payload too large',
            message: `Request body exceeds ${maxBytes} bytes`,
            code: 'PAYLOAD_TOO_LARGE',
          },
          413,
        ),
    })
  }

  /**
   * `body` is the body `request` was built from. A request that states a length is judged by it, as
   * the guard would: one stating too much is left to the guard and its 413.
   */
  vouch(request: Request, body: unknown): void {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit, so this bound needs no encoding.
    if (typeof body !== 'string' || body.length * 3 > this.#maxBytes) return
    const stated = request.headers.get('content-length')
    if (stated === null || Number(stated) <= this.#maxBytes) this.#vouched.add(request)
  }

  readonly middleware: MiddlewareHandler = (c, next) =>
    this.#vouched.has(c.req.raw) ? next() : this.#counting(c, next)
}
