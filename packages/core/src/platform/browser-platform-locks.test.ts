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
    options: { signal?: AbortSignal; ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    if (options.signal && options.ifAvailable) throw new DOMException('signal with ifAvailable', 'NotSupportedError')
    return new Promise((resolve, reject) => {
      if (options.signal?.aborted) {
        reject(options.signal.reason)
        return
      }
      const queue = this.queues.get(name) ?? []
      this.queues.set(name, queue)
      if (options.ifAvailable && queue.length > 0) {
        void callback(null).then(resolve)
        return
      }
      const run = () => {
        options.signal?.removeEventListener('abort', onAbort)
        void callback({ name }).then(() => {
          queue.shift()
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

  it('ifAvailable: refused at once while another tab holds the lock; granted and held when it is free', async () => {
    const locks = new FakeLockManager()
    const tabA = fakeWindow(locks).platform
    const tabB = fakeWindow(locks).platform
    const holdA = new AbortController()
    expect(await tabA.locks.acquire('refresh', holdA.signal, true)).toBe(true)
    expect(await tabB.locks.acquire('refresh', new AbortController().signal, true)).toBe(false)
    holdA.abort()
    await flush()
    const holdB = new AbortController()
    expect(await tabB.locks.acquire('refresh', holdB.signal, true)).toBe(true)
    // Held until its signal aborts: a waiter is granted only then.
    let aGranted = false
    void tabA.locks.acquire('refresh', new AbortController().signal).then((granted) => {
      aGranted = granted
    })
    await flush()
    expect(aGranted).toBe(false)
    holdB.abort()
    await flush()
    expect(aGranted).toBe(true)
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
