import { demoAccounts } from '@coursekit/mock-server'
import { createWorld, providerOf, started } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useLessonMaterials } from './use-lesson-materials.ts'

const { learner } = demoAccounts
const PREVIEW = { id: 1001, isPreview: true }
const MEMBERS_ONLY = { id: 1002, isPreview: false }

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer())

describe('useLessonMaterials', () => {
  it("a preview lesson's materials signed out: the PDF under its Korean name, loading while it comes", async () => {
    const world = await createWorld()
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useLessonMaterials(PREVIEW), { wrapper: providerOf(device.client) })
    expect(result.current).toMatchObject({ status: 'idle', failure: null })
    let pending!: Promise<unknown>
    act(() => {
      pending = result.current.download()
    })
    expect(result.current.status).toBe('loading')
    let file: Awaited<ReturnType<typeof result.current.download>> = null
    await act(async () => {
      file = (await pending) as typeof file
    })
    expect(result.current).toMatchObject({ status: 'idle', failure: null, offline: false })
    expect(file).toMatchObject({ filename: '1강 수업 자료.pdf', contentType: 'application/pdf' })
    const bytes = await bytesOf(file!.blob)
    expect(new TextDecoder('latin1').decode(bytes.subarray(0, 8))).toBe('%PDF-1.4')
    expect(world.requestsTo('GET', '/api/v2/lessons/1001/materials')).toHaveLength(1)
    device.client.dispose()
  })

  it("another lesson's: 로그인이 필요합니다. signed out (nothing sent); the file with the bearer once signed in", async () => {
    const world = await createWorld()
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useLessonMaterials(MEMBERS_ONLY), { wrapper: providerOf(device.client) })
    await act(async () => {
      expect(await result.current.download()).toBeNull()
    })
    expect(result.current).toMatchObject({ status: 'failed', failure: { error: '로그인이 필요합니다.' } })
    expect(world.requests.filter((entry) => entry.path.endsWith('/materials'))).toEqual([])

    await device.signIn(learner.email, learner.password)
    let file: Awaited<ReturnType<typeof result.current.download>> = null
    await act(async () => {
      file = await result.current.download()
    })
    expect(result.current).toMatchObject({ status: 'idle', failure: null })
    // The server gives another lesson's materials only to a valid bearer.
    expect(file).toMatchObject({ filename: '2강 수업 자료.pdf' })
    device.client.dispose()
  })

  it('no answer: failed and offline; the next try gets the file', async () => {
    const world = await createWorld()
    world.backend.faults.add({ path: '/api/v2/lessons/1001/materials', kind: 'drop', count: 1 })
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useLessonMaterials(PREVIEW), { wrapper: providerOf(device.client) })
    await act(async () => {
      expect(await result.current.download()).toBeNull()
    })
    expect(result.current).toMatchObject({ status: 'failed', offline: true })
    await act(async () => {
      expect(await result.current.download()).not.toBeNull()
    })
    expect(result.current).toMatchObject({ status: 'idle', offline: false, failure: null })
    device.client.dispose()
  })
})
