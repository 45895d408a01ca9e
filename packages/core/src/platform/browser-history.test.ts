import { describe, expect, it } from 'vitest'
import { type HistoryLike, listenToHistory } from './browser-history.ts'
import { type BrowserDocumentLike, type BrowserWindowLike, browserPlatform } from './browser-platform.ts'

/** A page's window with a history that moves its URL, and (optionally) the Navigation API. */
function fakePage(options: { navigationApi?: boolean } = {}) {
  const url = new URL('https://app.coursekit.test/courses')
  const events = new EventTarget()
  const navigation = new EventTarget()
  const calls: string[] = []
  const move = (to?: string | URL | null) => {
    if (to !== undefined && to !== null) url.href = new URL(to, url).href
  }
  const history: HistoryLike = {
    pushState(_data, _unused, to) {
      calls.push(`push ${String(to)}`)
      move(to)
      if (options.navigationApi) navigation.dispatchEvent(new Event('currententrychange'))
    },
    replaceState(_data, _unused, to) {
      calls.push(`replace ${String(to)}`)
      move(to)
      if (options.navigationApi) navigation.dispatchEvent(new Event('currententrychange'))
    },
  }
  const window = {
    location: {
      get href() {
        return url.href
      },
      get origin() {
        return url.origin
      },
      get pathname() {
        return url.pathname
      },
      get search() {
        return url.search
      },
      get hash() {
        return url.hash
      },
      assign: () => {},
      replace: () => {},
    },
    history,
    ...(options.navigationApi ? { navigation } : {}),
    navigator: { userAgent: 'fake' },
    fetch: () => Promise.reject(new Error('offline')),
    addEventListener: (type: string, listener: () => void) => events.addEventListener(type, listener),
    removeEventListener: (type: string, listener: () => void) => events.removeEventListener(type, listener),
  } satisfies BrowserWindowLike
  const back = (to: string) => {
    move(to)
    events.dispatchEvent(new Event('popstate'))
    if (options.navigationApi) navigation.dispatchEvent(new Event('currententrychange'))
  }
  return { window, history, calls, back }
}

const document: BrowserDocumentLike = {
  cookie: '',
  visibilityState: 'visible',
  addEventListener: () => {},
  removeEventListener: () => {},
}

describe('the browser platform hears history changes', () => {
  it('pushState, replaceState and back/forward reach the location port, after the URL moved', () => {
    const page = fakePage()
    const platform = browserPlatform({ window: page.window, document })
    const heard: string[] = []
    const stop = platform.location.subscribe!(() => heard.push(platform.location.current().pathname))
    page.window.history.pushState(null, '', '/admin')
    page.window.history.replaceState(null, '', '/admin/users')
    page.back('/courses')
    stop()
    page.window.history.pushState(null, '', '/lessons')
    expect(heard).toEqual(['/admin', '/admin/users', '/courses'])
    // The browser's own methods still ran, every time.
    expect(page.calls).toEqual(['push /admin', 'replace /admin/users', 'push /lessons'])
  })

  it('two clients on one page share one wrapper: each hears a move once', () => {
    const page = fakePage()
    const heard: string[] = []
    const stopA = listenToHistory(page.window, () => heard.push('a'))
    const wrapped = page.window.history.pushState
    listenToHistory(page.window, () => heard.push('b'))
    expect(page.window.history.pushState).toBe(wrapped)
    page.window.history.pushState(null, '', '/admin')
    stopA()
    page.window.history.pushState(null, '', '/courses')
    expect(heard).toEqual(['a', 'b', 'b'])
    expect(page.calls).toEqual(['push /admin', 'push /courses'])
  })

  it("a listener that throws does not break the app's navigation", () => {
    const page = fakePage()
    listenToHistory(page.window, () => {
      throw new Error('boom')
    })
    expect(() => page.window.history.pushState(null, '', '/admin')).not.toThrow()
    expect(page.window.location.pathname).toBe('/admin')
  })

  it('with the Navigation API, its currententrychange is heard and history is left alone', () => {
    const page = fakePage({ navigationApi: true })
    const original = page.window.history.pushState
    const platform = browserPlatform({ window: page.window, document })
    const heard: string[] = []
    platform.location.subscribe!(() => heard.push(platform.location.current().pathname))
    expect(page.window.history.pushState).toBe(original)
    page.window.history.pushState(null, '', '/admin')
    page.back('/courses')
    expect(heard).toEqual(['/admin', '/courses'])
  })
})
