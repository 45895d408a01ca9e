import type { CatalogueEntry, CourseFilter } from '@coursekit/core/display'
import { createWorld, providerOf, started } from '@coursekit/testkit/react'
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useCourseCatalogue } from './use-course-catalogue.ts'

async function catalogue(initialProps: CourseFilter = {}) {
  const world = await createWorld()
  const device = world.device()
  await started(device.client)
  const hook = renderHook((filter: CourseFilter) => useCourseCatalogue(filter), {
    wrapper: providerOf(device.client),
    initialProps,
  })
  return { world, device, ...hook }
}

const titles = (entries: CatalogueEntry[]) => entries.map((entry) => entry.course.title)

describe('useCourseCatalogue', () => {
  it('every published course with its mentor, and the categories in their order', async () => {
    const { world, device, result } = await catalogue()
    expect(result.current.status).toBe('loading')
    await world.idle()
    expect(result.current.status).toBe('ready')
    expect(result.current.entries).toHaveLength(7)
    expect(result.current.publishedCount).toBe(7)
    expect(result.current.entries[0]?.mentor?.name).toBe('박준호')
    expect(result.current.categories.map((category) => category.name)).toEqual([
      '프로그래밍',
      '데이터 분석',
      '디자인',
      '마케팅',
      '외국어',
    ])
    device.client.dispose()
  })

  it('narrows by search words (title or mentor), category and sale without asking the server again', async () => {
    const { world, device, result, rerender } = await catalogue()
    await world.idle()
    const reads = world.requests.length
    rerender({ query: 'REACT' })
    expect(titles(result.current.entries)).toEqual(['실무 React 완벽 가이드'])
    rerender({ query: '이서연' })
    expect(titles(result.current.entries)).toEqual(['파이썬으로 시작하는 데이터 분석', '현업 SQL 마스터 클래스'])
    rerender({ categoryId: '1', onSale: true })
    expect(titles(result.current.entries)).toEqual(['실무 React 완벽 가이드'])
    rerender({ query: '없는 강의' })
    expect(result.current.entries).toEqual([])
    // A matcher of the page's own: the whole title, nothing less.
    const wholeTitle = (text: string, word: string) => text.split(' ').includes(word)
    rerender({ query: 'SQL', match: wholeTitle })
    expect(titles(result.current.entries)).toEqual(['현업 SQL 마스터 클래스'])
    rerender({ query: 'SQ', match: wholeTitle })
    expect(result.current.entries).toEqual([])
    expect(result.current.publishedCount).toBe(7)
    expect(world.requests.length).toBe(reads)
    device.client.dispose()
  })

  it('no answer for the courses: offline, and retry reads them', async () => {
    const world = await createWorld()
    world.backend.faults.add({ path: '/api/v2/courses', kind: 'drop', count: 1 })
    const device = world.device()
    await started(device.client)
    const { result } = renderHook(() => useCourseCatalogue(), { wrapper: providerOf(device.client) })
    await world.idle()
    expect(result.current).toMatchObject({ status: 'failed', offline: true, entries: [] })
    result.current.retry()
    await world.idle()
    expect(result.current).toMatchObject({ status: 'ready', offline: false })
    expect(result.current.entries).toHaveLength(7)
    device.client.dispose()
  })
})
