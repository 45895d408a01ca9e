import { createWorld, providerOf, started } from '@coursekit/testkit/react'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useMentors } from './use-mentors.ts'

describe('useMentors', () => {
  it('each mentor with name, title, bio, careers and the titles of their courses', async () => {
    const world = await createWorld()
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useMentors(), { wrapper: providerOf(device.client) })
    expect(result.current).toMatchObject({ status: 'loading', mentors: [] })
    await world.idle()
    expect(result.current.status).toBe('ready')
    const first = result.current.mentors.find((mentor) => mentor.id === '1')
    expect(first).toMatchObject({ name: '박준호', title: '시니어 프론트엔드 개발자' })
    expect(first?.bio).not.toBe('')
    expect(first?.careers.length).toBeGreaterThan(0)
    expect(first?.courses).toEqual([
      { id: '101', title: '실무 React 완벽 가이드' },
      expect.objectContaining({ id: '102' }),
    ])
    device.client.dispose()
  })

  it('a failed course list fails the view, keeps the mentors, and retry reads only what failed', async () => {
    const world = await createWorld()
    world.backend.faults.add({ path: '/api/v2/courses', kind: 'status', status: 503, count: 1 })
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useMentors(), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'failed', offline: false })
    expect(result.current.mentors.length).toBeGreaterThan(0)
    expect(result.current.mentors.every((mentor) => mentor.courses.length === 0)).toBe(true)
    act(() => result.current.retry())
    await world.idle()
    expect(result.current.status).toBe('ready')
    expect(result.current.mentors[0]?.courses.length).toBeGreaterThan(0)
    expect(world.requestsTo('GET', '/api/v2/mentors')).toHaveLength(1)
    device.client.dispose()
  })
})
