import { desktopPlatform } from '@coursekit/core'
import { videoSources } from '@coursekit/core/contract'
import { standInNative } from '@coursekit/core/testing'
import type { World } from '@coursekit/testkit'
import { createWorld, providerOf } from '@coursekit/testkit/react'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { RefObject } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { usePlayableMedia } from './use-playable-media.ts'

/** jsdom has no object URLs: these record what a browser would hold, and what it freed. */
const held = new Map<string, Blob>()
const freed: string[] = []
const { createObjectURL, revokeObjectURL } = URL
beforeEach(() => {
  held.clear()
  freed.length = 0
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${held.size + 1}`
    held.set(url, blob)
    return url
  }
  URL.revokeObjectURL = (url: string) => {
    freed.push(url)
  }
})
afterEach(() => {
  URL.createObjectURL = createObjectURL
  URL.revokeObjectURL = revokeObjectURL
})

/** A <video> that plays WebM only, as a Chromium without H.264 does. */
const webmOnly = {
  current: { canPlayType: (type: string) => (type.startsWith('video/webm') ? 'probably' : '') },
} as unknown as RefObject<HTMLMediaElement | null>

function desktopDevice(world: World) {
  const native = standInNative((input, init) => world.backend.fetch(input, init))
  const device = world.device({ platformFor: (memory) => desktopPlatform({ base: memory, invoke: native.invoke }) })
  return { native, client: device.client }
}

describe('usePlayableMedia', () => {
  it('in a browser gives every source as it is, from the first render, fetching nothing', async () => {
    const world = await createWorld()
    const { client, requests } = world.device()
    const sources = Object.values(videoSources(world.backend.url, 'video-101-2'))
    const { result } = renderHook(() => usePlayableMedia(sources, webmOnly), { wrapper: providerOf(client) })
    expect(result.current).toMatchObject({ sources, status: 'ready', error: null })
    expect(requests).toEqual([])
    client.dispose()
  })

  it('in the desktop app loads only the source the element plays, through the proxy, and frees it when unmounted', async () => {
    const world = await createWorld()
    const { native, client } = desktopDevice(world)
    const sources = videoSources(world.backend.url, 'video-101-2')
    const { result, unmount } = renderHook(() => usePlayableMedia([sources.mp4, sources.webm], webmOnly), {
      wrapper: providerOf(client),
    })
    expect(result.current).toMatchObject({ sources: [], status: 'loading', error: null })
    await waitFor(() => expect(result.current.status).toBe('ready'))
    expect(result.current.sources).toEqual([{ src: 'blob:test/1', type: sources.webm.type }])
    expect(native.proxied.map((request) => [request.url, request.headers.range])).toEqual([
      [sources.webm.src, 'bytes=0-1048575'],
    ])
    const direct = await world.backend.fetch(sources.webm.src)
    expect(held.get('blob:test/1')?.size).toBe((await direct.arrayBuffer()).byteLength)
    unmount()
    expect(freed).toEqual(['blob:test/1'])
    client.dispose()
  })

  it('in the desktop app loads again on retry after the proxy could not reach the media host', async () => {
    const world = await createWorld()
    const { native, client } = desktopDevice(world)
    const sources = videoSources(world.backend.url, 'video-101-2')
    native.fail.proxy = 'reject'
    const { result } = renderHook(() => usePlayableMedia([sources.webm], webmOnly), { wrapper: providerOf(client) })
    await waitFor(() => expect(result.current.status).toBe('failed'))
    expect(result.current.error).toMatchObject({ failure: 'network' })
    native.fail.proxy = null
    act(() => result.current.retry())
    expect(result.current.status).toBe('loading')
    await waitFor(() => expect(result.current.status).toBe('ready'))
    expect(result.current.sources).toEqual([{ src: 'blob:test/1', type: sources.webm.type }])
    client.dispose()
  })

  it('in the desktop app says when the file cannot be had', async () => {
    const world = await createWorld()
    const { client } = desktopDevice(world)
    const sources = videoSources(world.backend.url, 'no-such-video')
    const { result } = renderHook(() => usePlayableMedia([sources.webm], webmOnly), { wrapper: providerOf(client) })
    await waitFor(() => expect(result.current.status).toBe('failed'))
    expect(result.current.error).toMatchObject({ failure: 'status', status: 404 })
    expect(result.current.sources).toEqual([])
    client.dispose()
  })
})
