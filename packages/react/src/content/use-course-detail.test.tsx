import { createWorld, providerOf, started } from '@coursekit/testkit/react'
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useCourse, useCourseDiscountCodes, useCourseReviews, useCurriculum, useMentor } from './use-course-detail.ts'

async function deviceAt(clockStart?: number) {
  const world = await createWorld(clockStart === undefined ? {} : { clockStart })
  const device = world.device()
  await started(device.client)
  return { world, device, wrapper: providerOf(device.client) }
}

describe('course detail hooks', () => {
  it('useCourse: the course by id; an id the server does not have is notFound', async () => {
    const { world, device, wrapper } = await deviceAt()
    const { result, rerender } = renderHook((id: string) => useCourse(id), { wrapper, initialProps: '101' })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'ready', notFound: false })
    expect(result.current.data?.title).toBe('실무 React 완벽 가이드')
    rerender('999999')
    await world.idle()
    expect(result.current).toMatchObject({ status: 'failed', notFound: true, offline: false })
    expect(device.notices).toEqual([])
    device.client.dispose()
  })

  it('useCurriculum: the lessons in order and their total length', async () => {
    const { world, device, wrapper } = await deviceAt()
    const { result } = renderHook(() => useCurriculum(101), { wrapper })
    await world.idle()
    expect(result.current.lessons.map((lesson) => lesson.order)).toEqual([1, 2, 3, 4])
    expect(result.current.lessons[0]).toMatchObject({ id: 1001, isPreview: true })
    expect(result.current.totalDurationSec).toBe(
      result.current.lessons.reduce((sum, lesson) => sum + lesson.durationSec, 0),
    )
    expect(result.current.totalDurationSec).toBeGreaterThan(0)
    device.client.dispose()
  })

  it("useCourseReviews: the course's reviews newest first, their average and count", async () => {
    const { world, device, wrapper } = await deviceAt()
    const { result } = renderHook(() => useCourseReviews('101'), { wrapper })
    await world.idle()
    expect(result.current.reviews.map((review) => review.id)).toEqual([5003, 5002, 5001])
    expect(result.current.summary).toEqual({ average: 4.7, count: 3 })
    device.client.dispose()
  })

  it("useCourseDiscountCodes: the codes for this course, and one goes when it expires on the client's clock", async () => {
    // An hour before the autumn code (courses 101, 103, 105) ends.
    const { world, device, wrapper } = await deviceAt(Date.parse('2026-11-30T14:00:00.000Z'))
    const { result } = renderHook(() => useCourseDiscountCodes(101), { wrapper })
    await world.idle()
    expect(result.current.codes.map((code) => code.code)).toEqual(['WELCOME10', 'AUTUMN40'])
    await world.advance(59 * 60 * 1000)
    expect(result.current.codes.map((code) => code.code)).toEqual(['WELCOME10', 'AUTUMN40'])
    await world.advance(60 * 1000)
    expect(result.current.codes.map((code) => code.code)).toEqual(['WELCOME10'])
    device.client.dispose()
  })

  it('useCourseDiscountCodes: a course named by no code gets only the codes for every course', async () => {
    const { world, device, wrapper } = await deviceAt()
    const { result } = renderHook(() => useCourseDiscountCodes(102), { wrapper })
    await world.idle()
    expect(result.current.codes.map((code) => code.code)).toEqual(['WELCOME10'])
    device.client.dispose()
  })

  it('useMentor: the mentor with the id (a number or text); none for an unknown or missing id', async () => {
    const { world, device, wrapper } = await deviceAt()
    const { result, rerender } = renderHook((id: unknown) => useMentor(id), { wrapper, initialProps: 2 as unknown })
    await world.idle()
    expect(result.current.mentor?.name).toBe('이서연')
    rerender('1')
    expect(result.current.mentor?.name).toBe('박준호')
    rerender(999)
    expect(result.current.mentor).toBeNull()
    rerender(undefined)
    expect(result.current.mentor).toBeNull()
    device.client.dispose()
  })
})
