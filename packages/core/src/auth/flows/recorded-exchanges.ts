/**
 * Test-only (not exported): a fetch wrapper for an auth page that keeps, for every request,
 * its JSON body, when it went out and when its answer came, on the world's clock.
 */
import type { FetchLike } from '../../kernel/ports.ts'

export interface RecordedExchange {
  /** "METHOD /path", as the harness's `requests` lists them. */
  request: string
  /** The request body read as JSON (the text when it is not JSON; null for none). */
  body: unknown
  sentAt: number
  /** Null while the answer has not come. */
  answeredAt: number | null
}

export interface ExchangeRecorder {
  exchanges: RecordedExchange[]
  /** Pass as the harness's `wrapFetch`. */
  wrapFetch(fetch: FetchLike): FetchLike
  /** The one exchange of `request` ("METHOD /path"); throws when there is none or more than one. */
  only(request: string): RecordedExchange
}

export function recordExchanges(clock: { now(): number }): ExchangeRecorder {
  const exchanges: RecordedExchange[] = []
  return {
    exchanges,
    wrapFetch: (fetch) => async (input, init) => {
      const request = new Request(input, init)
      const exchange: RecordedExchange = {
        request: `${request.method} ${new URL(request.url).pathname}`,
        body: readJson(await request.clone().text()),
        sentAt: clock.now(),
        answeredAt: null,
      }
      exchanges.push(exchange)
      const answer = await fetch(request)
      exchange.answeredAt = clock.now()
      return answer
    },
    only(request) {
      const found = exchanges.filter((exchange) => exchange.request === request)
      if (found.length !== 1) throw new Error(`${found.length} exchanges of ${request}, not one`)
      return found[0]!
    },
  }
}

function readJson(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
