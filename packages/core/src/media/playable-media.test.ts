import { resolveObjectURL } from 'node:buffer'
import { createMockBackend, type MockBackend } from '@coursekit/mock-server'
import { beforeAll, describe, expect, it } from 'vitest'
import { mediaUrl } from '../contract/content.ts'
import { standInNative } from '../platform/desktop-native-stand-in.ts'
import { desktopPlatform } from '../platform/desktop-platform.ts'
import { memoryPlatform } from '../platform/memory-platform.ts'
import { MediaLoadError } from './media-load-error.ts'
import { fetchInRanges } from './media-ranges.ts'
import { loadPlayableMedia, playsMediaDirectly } from './playable-media.ts'

let backend: MockBackend
beforeAll(async () => {
  backend = await createMockBackend()
})

const VIDEO = 'video-101-2'
const signal = () => new AbortController().signal

function wrapper() {
  const native = standInNative((input, init) => backend.fetch(input, init))
  const platform = desktopPlatform({ invoke: native.invoke, base: memoryPlatform() })
  return { native, platform }
}

async function wholeFile(videoId: string): Promise<Uint8Array> {
  return new Uint8Array(await (await backend.fetch(mediaUrl(backend.url, videoId))).arrayBuffer())
}

describe('lesson media in the desktop wrapper', () => {
  it('fetches the file through the proxy in Range requests, each answered 206, and assembles it', async () => {
    const { native, platform } = wrapper()
    const url = mediaUrl(backend.url, VIDEO)
    const blob = await platform.media!.load(url, signal())
    const whole = await wholeFile(VIDEO)
    expect(whole.byteLength).toBeGreaterThan(50_000)
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(whole)
    expect(blob.type).toBe('video/webm')
    expect(native.proxied.map((request) => [request.url, request.method, request.headers.range])).toEqual([
      [url, 'GET', 'bytes=0-1048575'],
    ])

    // In ranges smaller than the file: several requests, in order, each after the last byte it had.
    const ranged = await fetchInRanges(platform.fetch, url, { signal: signal(), rangeBytes: 20_000 })
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(whole)
    const asked = native.proxied.slice(1).map((request) => request.headers.range)
    expect(asked).toEqual(
      Array.from(
        { length: Math.ceil(whole.byteLength / 20_000) },
        (_, i) => `bytes=${i * 20_000}-${i * 20_000 + 19_999}`,
      ),
    )
    expect(native.proxied.slice(2).every((request) => request.headers['if-range']?.startsWith('"'))).toBe(true)
  })

  it('loads only the first source the element can play, and gives it as an object URL freed on release', async () => {
    const { native, platform } = wrapper()
    expect(playsMediaDirectly(platform)).toBe(false)
    const sources = [
      { src: `${backend.url}/media/video-101-1.mp4`, type: 'video/mp4; codecs="avc1.42E01E, mp4a.40.2"' },
      { src: mediaUrl(backend.url, VIDEO), type: 'video/webm; codecs="vp9, opus"' },
    ]
    const media = await loadPlayableMedia(platform, sources, {
      canPlayType: (type) => (type.startsWith('video/webm') ? 'probably' : ''),
      signal: signal(),
    })
    expect(native.proxied.map((request) => request.url)).toEqual([mediaUrl(backend.url, VIDEO)])
    expect(media.sources).toHaveLength(1)
    const [source] = media.sources
    expect(source!.type).toBe(sources[1]!.type)
    expect(source!.src).toMatch(/^blob:/)
    const held = resolveObjectURL(source!.src)
    expect(new Uint8Array(await held!.arrayBuffer())).toEqual(await wholeFile(VIDEO))
    media.release()
    media.release()
    expect(resolveObjectURL(source!.src)).toBeUndefined()
  })

  it('says clearly when the element can play none of the sources, and loads nothing', async () => {
    const { native, platform } = wrapper()
    const failure = loadPlayableMedia(platform, [{ src: mediaUrl(backend.url, VIDEO), type: 'video/webm' }], {
      canPlayType: () => '',
      signal: signal(),
    })
    await expect(failure).rejects.toMatchObject({ name: 'MediaLoadError', failure: 'unsupported' })
    expect(native.proxied).toEqual([])
  })

  it('reports a missing file, a proxy that cannot reach the host, and a range answer that does not fit', async () => {
    const { native, platform } = wrapper()
    await expect(platform.media!.load(mediaUrl(backend.url, 'no-such-video'), signal())).rejects.toMatchObject({
      failure: 'status',
      status: 404,
    })
    native.fail.proxy = 'reject'
    await expect(platform.media!.load(mediaUrl(backend.url, VIDEO), signal())).rejects.toMatchObject({
      failure: 'network',
    })
    native.fail.proxy = null
    const shifted = (async () =>
      new Response(new Uint8Array(10), {
        status: 206,
        headers: { 'content-range': `bytes 5-14/100`, 'content-type': 'video/webm' },
      })) satisfies typeof fetch
    const error = await fetchInRanges(shifted, 'https://media.test/x', { signal: signal() }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MediaLoadError)
    expect(error).toMatchObject({ failure: 'malformed' })
  })

  it('stops when aborted', async () => {
    const { platform } = wrapper()
    const controller = new AbortController()
    const pending = platform.media!.load(mediaUrl(backend.url, VIDEO), controller.signal)
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('lesson media in a browser', () => {
  it('uses the sources as they are, all of them, fetching nothing', async () => {
    const platform = memoryPlatform({ fetch: () => Promise.reject(new Error('nothing may be fetched')) })
    expect(playsMediaDirectly(platform)).toBe(true)
    const sources = [
      { src: '/media/v.mp4', type: 'video/mp4' },
      { src: '/media/v', type: 'video/webm' },
    ]
    const media = await loadPlayableMedia(platform, sources, { canPlayType: () => '', signal: signal() })
    expect(media.sources).toEqual(sources)
    media.release()
  })
})
