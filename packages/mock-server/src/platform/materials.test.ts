import { lessonMaterialsPath } from '@coursekit/core/contract'
import { accessToken } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import { demoAccounts } from '../demo-accounts.ts'
import { attachmentHeader, materialsFileFor, onePagePdf } from './lesson-materials.ts'
import { MATERIALS_NOT_FOUND_MESSAGE } from './material-routes.ts'
import { API, createPlatformTestBed } from './test-helpers.ts'

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes)

async function materials(bed: Awaited<ReturnType<typeof createPlatformTestBed>>, lessonId: string, token?: string) {
  return bed.backend.fetch(`${API}${lessonMaterialsPath(lessonId)}`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  })
}

describe('GET /api/v2/lessons/{lessonId}/materials', () => {
  it("a preview lesson's materials are anyone's: a PDF attachment under its Korean name", async () => {
    const bed = await createPlatformTestBed()
    const answer = await materials(bed, '1001')
    expect(answer.status).toBe(200)
    const bytes = new Uint8Array(await answer.arrayBuffer())
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.byteLength),
      'content-disposition':
        'attachment; filename="lesson-1001-materials.pdf"; ' +
        "filename*=UTF-8''1%EA%B0%95%20%EC%88%98%EC%97%85%20%EC%9E%90%EB%A3%8C.pdf",
    })
    expect(bytes).toEqual(materialsFileFor({ id: 1001, courseId: 101, order: 1 }).bytes)
    expect(latin1(bytes.subarray(0, 8))).toBe('%PDF-1.4')
  })

  it("any other lesson's need a valid bearer: 401 without one or with a bad one, the file with one", async () => {
    const bed = await createPlatformTestBed()
    const anonymous = await materials(bed, '1002')
    expect([anonymous.status, await anonymous.json()]).toEqual([
      401,
      { error: 'Authentication required', message: 'Authentication required', code: 'UNAUTHORIZED' },
    ])
    expect((await materials(bed, '1002', 'not.a.token')).status).toBe(401)
    const token = await accessToken(bed.backend, demoAccounts.learner)
    const signedIn = await materials(bed, '1002', token)
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers.get('content-disposition')).toContain("filename*=UTF-8''2%EA%B0%95%20")
    expect(new Uint8Array(await signedIn.arrayBuffer())).toEqual(
      materialsFileFor({ id: 1002, courseId: 101, order: 2 }).bytes,
    )
  })

  it('an unknown lesson: 401 to a stranger (nothing revealed), 404 in Korean to a learner', async () => {
    const bed = await createPlatformTestBed()
    expect((await materials(bed, '9999')).status).toBe(401)
    const token = await accessToken(bed.backend, demoAccounts.learner)
    const answer = await materials(bed, '9999', token)
    expect([answer.status, ((await answer.json()) as { error: string }).error]).toEqual([
      404,
      MATERIALS_NOT_FOUND_MESSAGE,
    ])
  })

  it('every lesson has materials, each its own file', async () => {
    const bed = await createPlatformTestBed()
    const token = await accessToken(bed.backend, demoAccounts.learner)
    const bodies = new Set<string>()
    for (let id = 1001; id <= 1018; id++) {
      const answer = await materials(bed, String(id), token)
      expect([id, answer.status]).toEqual([id, 200])
      bodies.add(latin1(new Uint8Array(await answer.arrayBuffer())))
    }
    expect(bodies.size).toBe(18)
  })
})

describe('the materials PDF', () => {
  it('is binary-marked and its cross-reference offsets point at its objects', () => {
    const pdf = latin1(onePagePdf(['Hello (world)', 'second line']))
    expect(pdf.split('\n')[1]).toBe('%\xe2\xe3\xcf\xd3')
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1])
    expect(pdf.slice(startxref).startsWith('xref\n0 6\n')).toBe(true)
    const offsets = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]))
    expect(offsets).toHaveLength(5)
    offsets.forEach((offset, index) => {
      expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true)
    })
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(pdf)?.[1])
    const stream = pdf.slice(pdf.indexOf('stream\n') + 7, pdf.indexOf('\nendstream'))
    expect(stream.length).toBe(length)
    expect(stream).toContain('(Hello \\(world\\)) Tj')
  })
})

describe('attachmentHeader', () => {
  it('percent-encodes what RFC 8187 does not allow bare, and keeps quotes out of the fallback', () => {
    expect(attachmentHeader("자료 (최종)'s*.pdf", 'a"b.pdf')).toBe(
      'attachment; filename="ab.pdf"; filename*=UTF-8\'\'%EC%9E%90%EB%A3%8C%20%28%EC%B5%9C%EC%A2%85%29%27s%2A.pdf',
    )
  })
})
