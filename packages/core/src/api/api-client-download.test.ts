import { APP_ORIGIN, createWorld, type DeviceOptions, type HandAuthDevice } from '@coursekit/testkit'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { useMswServer } from './msw-test-server.ts'

const server = useMswServer()

/** A page at /courses of a world reached through msw, its API auth set by hand. */
async function page(options: DeviceOptions = {}): Promise<HandAuthDevice> {
  const world = await createWorld({ msw: server })
  return world.device('page', { url: `${APP_ORIGIN}/courses`, ...options, handAuth: true })
}

const PDF_BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x00, 0xff])

function serveFile(base: string, path: string, headers: Record<string, string>) {
  server.use(http.get(`${base}${path}`, () => new HttpResponse(PDF_BYTES, { headers })))
}

describe('download', () => {
  it('returns the bytes as a Blob with the RFC 5987 Korean file name', async () => {
    const h = await page()
    await h.signInByHand()
    serveFile(h.backend.url, '/api/v2/certificates/7/file', {
      'content-type': 'application/pdf',
      'content-disposition':
        'attachment; filename="certificate.pdf"; filename*=UTF-8\'\'%EC%88%98%EB%A3%8C%EC%A6%9D%20(%EA%B9%80%ED%95%98%EB%8A%98).pdf',
    })
    const result = await h.api.download('/api/v2/certificates/7/file')
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.data.filename).toBe('수료증 (김하늘).pdf')
    expect(result.data.contentType).toBe('application/pdf')
    expect(result.data.blob).toBeInstanceOf(Blob)
    expect(new Uint8Array(await result.data.blob.arrayBuffer())).toEqual(PDF_BYTES)
  })

  it('reads a quoted name, repairing raw UTF-8 bytes (how many servers send Korean names)', async () => {
    const h = await page()
    const rawUtf8 = String.fromCharCode(...new TextEncoder().encode('공지 사항.hwp'))
    serveFile(h.backend.url, '/api/v2/notices/1/attachment', {
      'content-disposition': `attachment; filename="${rawUtf8}"`,
    })
    const result = await h.api.download('/api/v2/notices/1/attachment')
    expect(result.ok && result.data.filename).toBe('공지 사항.hwp')
  })

  it('falls back to the URL when the header is missing, then to the given fallback', async () => {
    const h = await page()
    serveFile(h.backend.url, '/api/v2/notices/files/%EC%95%88%EB%82%B4.pdf', {})
    const fromUrl = await h.api.download('/api/v2/notices/files/%EC%95%88%EB%82%B4.pdf')
    expect(fromUrl.ok && fromUrl.data.filename).toBe('안내.pdf')

    server.use(http.get(`${h.backend.url}/api/v2/notices/export/`, () => new HttpResponse(PDF_BYTES)))
    const fallback = await h.api.download('/api/v2/notices/export/', { fallbackFilename: 'notices.xlsx' })
    expect(fallback.ok && fallback.data.filename).toBe('notices.xlsx')
  })

  it('carries the bearer on a private path and none on a public one', async () => {
    const h = await page()
    await h.signInByHand()
    const seen: (string | null)[] = []
    server.events.on('request:start', ({ request }) => {
      seen.push(request.headers.get('authorization'))
    })
    serveFile(h.backend.url, '/api/v2/my/receipts/1', { 'content-disposition': 'attachment; filename=r.pdf' })
    serveFile(h.backend.url, '/api/v2/notices/2/file', { 'content-disposition': 'attachment; filename=n.pdf' })
    await h.api.download('/api/v2/my/receipts/1')
    await h.api.download('/api/v2/notices/2/file')
    expect(seen).toEqual([`Bearer ${h.token}`, null])
  })

  it('reports a failed download like any other error (JSON error body, 5xx toast)', async () => {
    const h = await page()
    server.use(
      http.get(`${h.backend.url}/api/v2/notices/3/file`, () =>
        HttpResponse.json({ error: '파일이 없습니다.' }, { status: 404 }),
      ),
    )
    expect(await h.api.download('/api/v2/notices/3/file')).toMatchObject({
      ok: false,
      status: 404,
      error: '파일이 없습니다.',
    })
    h.backend.faults.add({ path: '/api/v2/notices/4/file', kind: 'status', status: 500 })
    expect(await h.api.download('/api/v2/notices/4/file')).toMatchObject({ ok: false, status: 500 })
    expect(h.notices).toHaveLength(1)
  })

  it('can POST for a generated file', async () => {
    const h = await page()
    server.use(
      http.post(
        `${h.backend.url}/api/v2/discount-codes/export`,
        async ({ request }) =>
          new HttpResponse(`codes for ${((await request.json()) as { month: string }).month}`, {
            headers: { 'content-disposition': 'attachment; filename=codes.csv', 'content-type': 'text/csv' },
          }),
      ),
    )
    const result = await h.api.download('/api/v2/discount-codes/export', { method: 'POST', body: { month: '2026-11' } })
    expect(result.ok && (await result.data.blob.text())).toBe('codes for 2026-11')
  })
})
