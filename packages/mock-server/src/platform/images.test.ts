import { describe, expect, it } from 'vitest'
import { createMockBackend, type MockBackend } from '../backend.ts'
import { IMAGE_NOT_FOUND_MESSAGE } from './image-routes.ts'
import { API } from './test-helpers.ts'

/** A WebP's canvas size from its first chunk (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(bytes: Uint8Array): { width: number; height: number } {
  const ascii = (from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length))
  expect([ascii(0, 4), ascii(8, 4)]).toEqual(['RIFF', 'WEBP'])
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const chunk = ascii(12, 4)
  if (chunk === 'VP8 ') {
    // The key frame's start code, then 14-bit width and height.
    expect([...bytes.subarray(23, 26)]).toEqual([0x9d, 0x01, 0x2a])
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff }
  }
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') {
    const uint24 = (at: number) => view.getUint16(at, true) | (view.getUint8(at + 2) << 16)
    return { width: uint24(24) + 1, height: uint24(27) + 1 }
  }
  throw new Error(`not a WebP image chunk: ${chunk}`)
}

async function pictures(backend: MockBackend): Promise<{ name: string; url: string; width: number; height: number }[]> {
  const list = async (path: string) =>
    ((await (await backend.fetch(`${API}${path}`)).json()) as { items: Record<string, unknown>[] }).items
  const courses = (await list('/api/v2/courses?limit=100')).map((course) => ({
    name: String(course.title),
    url: String(course.thumbnailUrl),
    width: 640,
    height: 360,
  }))
  const banners = (await list('/api/v2/banners')).map((banner) => ({
    name: String(banner.title),
    url: String(banner.imageUrl),
    width: 800,
    height: 256,
  }))
  return [...courses, ...banners]
}

describe("the content's pictures", () => {
  it('every course thumbnail (16:9) and banner picture is a small WebP of its size on the backend, cached a day', async () => {
    const backend = await createMockBackend()
    const all = await pictures(backend)
    expect(all).toHaveLength(7 + 3)
    for (const { name, url, width, height } of all) {
      expect([name, new URL(url).origin]).toEqual([name, API])
      const answer = await backend.fetch(url)
      expect([name, answer.status, answer.headers.get('content-type')]).toEqual([name, 200, 'image/webp'])
      expect(answer.headers.get('cache-control')).toBe('public, max-age=86400')
      const bytes = new Uint8Array(await answer.arrayBuffer())
      expect(Number(answer.headers.get('content-length'))).toBe(bytes.byteLength)
      // A few KB: a card's picture costs less than its text's font.
      expect([name, bytes.byteLength < 8_000]).toEqual([name, true])
      expect([name, webpSize(bytes)]).toEqual([name, { width, height }])
    }
  })

  it('are on the origin the content was asked on, which serves them', async () => {
    const backend = await createMockBackend({ publicUrl: 'http://localhost:5173' })
    const answer = await backend.fetch('http://127.0.0.1:44971/api/v2/courses/101')
    const { thumbnailUrl } = (await answer.json()) as { thumbnailUrl: string }
    expect(thumbnailUrl).toBe('http://127.0.0.1:44971/media/images/course-101.webp')
    expect((await backend.fetch(thumbnailUrl)).headers.get('content-type')).toBe('image/webp')
  })

  it('a revalidation with the ETag is 304 without a body; HEAD has the headers without a body', async () => {
    const backend = await createMockBackend()
    const url = `${API}/media/images/banner-401.webp`
    const first = await backend.fetch(url)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^".+"$/)
    const again = await backend.fetch(url, { headers: { 'if-none-match': etag as string } })
    expect([again.status, (await again.arrayBuffer()).byteLength]).toEqual([304, 0])
    const head = await backend.fetch(url, { method: 'HEAD' })
    expect([head.status, head.headers.get('content-type'), (await head.arrayBuffer()).byteLength]).toEqual([
      200,
      'image/webp',
      0,
    ])
    expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'))
  })

  it('an unknown picture, or a name that leaves the folder, is a 404 in the API error shape', async () => {
    const backend = await createMockBackend()
    for (const path of ['course-999.webp', 'course-101.jpg', '..%2F..%2Fpackage.json', '%2E%2E%2Fclip-a.webm']) {
      const answer = await backend.fetch(`${API}/media/images/${path}`)
      expect([path, answer.status]).toEqual([path, 404])
      expect(await answer.json()).toMatchObject({ message: IMAGE_NOT_FOUND_MESSAGE })
    }
  })
})
