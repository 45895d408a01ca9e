import { describe, expect, it } from 'vitest'
import { memoryPlatform } from '../platform/memory-platform.ts'
import { createAppRoute } from './app-route.ts'

describe('app route', () => {
  it('reads the location port until a router tells a path', () => {
    const platform = memoryPlatform({ url: 'https://app.test/courses' })
    const route = createAppRoute(platform.location)
    expect(route.pathname()).toBe('/courses')
    platform.setLocation('/lessons/1')
    expect(route.pathname()).toBe('/lessons/1')
    route.changed('/admin')
    expect(route.pathname()).toBe('/admin')
  })

  it('listeners hear moves from the location port and from the router, each change of path once', () => {
    const platform = memoryPlatform({ url: 'https://app.test/courses' })
    const route = createAppRoute(platform.location)
    const heard: string[] = []
    route.subscribe((pathname) => heard.push(pathname))
    platform.routeTo('/admin')
    // The router reports the same move the platform heard.
    route.changed('/admin')
    route.changed('/admin/users')
    platform.routeTo('/courses?page=2')
    route.changed()
    platform.routeTo('/courses#reviews')
    expect(heard).toEqual(['/admin', '/admin/users', '/courses'])
  })

  it('changed() without a path reads the location port (a router that moved the page itself)', () => {
    const platform = memoryPlatform({ url: 'https://app.test/' })
    const route = createAppRoute(platform.location)
    const heard: string[] = []
    route.subscribe((pathname) => heard.push(pathname))
    platform.setLocation('/admin')
    route.changed()
    expect(heard).toEqual(['/admin'])
  })

  it('holds the port subscription only while someone listens; dispose ends it', () => {
    let subscribed = 0
    const platform = memoryPlatform({ url: 'https://app.test/' })
    const location = {
      current: platform.location.current,
      subscribe(listener: () => void) {
        subscribed++
        const stop = platform.location.subscribe!(listener)
        return () => {
          subscribed--
          stop()
        }
      },
    }
    const route = createAppRoute(location)
    expect(subscribed).toBe(0)
    const stopA = route.subscribe(() => {})
    const heard: string[] = []
    route.subscribe((pathname) => heard.push(pathname))
    expect(subscribed).toBe(1)
    stopA()
    expect(subscribed).toBe(1)
    route.dispose()
    expect(subscribed).toBe(0)
    platform.routeTo('/admin')
    route.changed('/admin')
    expect(heard).toEqual([])
  })
})
