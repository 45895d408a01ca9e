import { describe, expect, it } from 'vitest'
import {
  type BrowserDocumentLike,
  type BrowserWindowLike,
  browserPlatform,
  type LockManagerLike,
} from './browser-platform.ts'

/** navigator.locks semantics: exclusive, queued, held while the callback's promise is pending. */
class FakeLockManager implements LockManagerLike {
  readonly queues = new Map<string, (() => void)[]>()
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (options.signal?.aborted) {
        reject(options.signal.reason)
        return
      }
      const queue = this.queues.get(name) ?? []
      this.queues.set(name, queue)
      const run = () => {
        options.signal?.removeEventListener('abort', onAbort)
        void callback({ name }).then(() => {
          queue.shift()
          if (queue.length === 0) this.queues.delete(name)
          queue[0]?.()
          resolve(undefined)
        })
      }
      const onAbort = () => {
        const index = queue.indexOf(run)
        if (index > 0) queue.splice(index, 1)
        reject(options.signal?.reason)
      }
      options.signal?.addEventListener('abort', onAbort)
      queue.push(run)
      if (queue.length === 1) run()
    })
  }
  /** As Chromium answers it: each held lock with its name, mode and holder. */
  async query() {
    return { held: [...this.queues.keys()].map((name) => ({ name, mode: 'exclusive', clientId: 'tab' })), pending: [] }
  }
}

function fakeWindow(locks?: LockManagerLike) {
  const fetches: { url: string; init: RequestInit | undefined }[] = []
  const sendBeacons: string[] = []
  const window = {
    location: {
      href: 'https://app.test/',
      origin: 'https://app.test',
      pathname: '/',
      search: '',
      hash: '',
      assign: () => {},
      replace: () => {},
    },
    navigator: {
      userAgent: 'fake',
      sendBeacon: (url: string) => {
        sendBeacons.push(url)
        return true
      },
      locks,
    },
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      fetches.push({ url: String(input), init })
      return new Response(null, { status: 204 })
    },
    addEventListener: () => {},
    removeEventListener: () => {},
  } satisfies BrowserWindowLike
  const document: BrowserDocumentLike = {
    cookie: '',
    visibilityState: 'visible',
    addEventListener: () => {},
    removeEventListener: () => {},
  }
  return { platform: browserPlatform({ window, document }), fetches, sendBeacons }
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('browserPlatform locks (Web Locks)', () => {
  it('grants one tab at a time and hands over when the holder lets go', async () => {
    const locks = new FakeLockManager()
    const tabA = fakeWindow(locks).platform
    const tabB = fakeWindow(locks).platform
    const holdA = new AbortController()
    expect(await tabA.locks.acquire('lead', holdA.signal)).toBe(true)
    let bGranted: boolean | null = null
    void tabB.locks.acquire('lead', new AbortController().signal).then((granted) => {
      bGranted = granted
    })
    await flush()
    expect(bGranted).toBeNull()
    holdA.abort()
    await flush()
    expect(bGranted).toBe(true)
  })

  it('a tab that stops waiting is not granted', async () => {
    const locks = new FakeLockManager()
    const tab = fakeWindow(locks).platform
    await tab.locks.acquire('lead', new AbortController().signal)
    const waiting = new AbortController()
    const result = tab.locks.acquire('lead', waiting.signal)
    waiting.abort()
    expect(await result).toBe(false)
    expect(await tab.locks.acquire('other', AbortSignal.abort())).toBe(false)
  })

  it('held: the names of the locks any tab holds now, a mark taken before a lock was let go among them', async () => {
    const locks = new FakeLockManager()
    const tabA = fakeWindow(locks).platform
    const tabB = fakeWindow(locks).platform
    expect(await tabB.locks.held()).toEqual([])
    const refreshA = new AbortController()
    expect(await tabA.locks.acquire('refresh', refreshA.signal)).toBe(true)
    const granted = tabB.locks.acquire('refresh', new AbortController().signal)
    const markA = new AbortController()
    expect(await tabA.locks.acquire('refresh s 1700000000', markA.signal)).toBe(true)
    refreshA.abort()
    expect(await granted).toBe(true)
    expect((await tabB.locks.held()).sort()).toEqual(['refresh', 'refresh s 1700000000'])
    markA.abort()
    await flush()
    expect(await tabB.locks.held()).toEqual(['refresh'])
  })

  it('held: nothing where Web Locks cannot be asked (absent, no query, or a query that fails)', async () => {
    expect(await fakeWindow(undefined).platform.locks.held()).toEqual([])
    const withoutQuery: LockManagerLike = { request: (_name, _options, callback) => callback({}) }
    expect(await fakeWindow(withoutQuery).platform.locks.held()).toEqual([])
    const failing: LockManagerLike = {
      request: (_name, _options, callback) => callback({}),
      query: () => Promise.reject(new DOMException('denied', 'SecurityError')),
    }
    expect(await fakeWindow(failing).platform.locks.held()).toEqual([])
  })

  it('without Web Locks every tab leads (each sends its own heartbeats)', async () => {
    const tab = fakeWindow(undefined).platform
    expect(await tab.locks.acquire('lead', new AbortController().signal)).toBe(true)
    expect(await tab.locks.acquire('lead', new AbortController().signal)).toBe(true)
  })
})

describe('browserPlatform beacon with headers', () => {
  it('goes as a keepalive fetch with the headers, as JSON, since sendBeacon carries none', async () => {
    const { platform, fetches, sendBeacons } = fakeWindow()
    expect(
      platform.beacon.send('https://api.test/api/v2/session-tracker/end-watch', '{"sessionId":"s"}', {
        headers: { authorization: 'Bearer t' },
      }),
    ).toBe(true)
    expect(sendBeacons).toEqual([])
    expect(fetches).toEqual([
      {
        url: 'https://api.test/api/v2/session-tracker/end-watch',
        init: {
          method: 'POST',
          body: '{"sessionId":"s"}',
          keepalive: true,
          headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
        },
      },
    ])
  })
})
