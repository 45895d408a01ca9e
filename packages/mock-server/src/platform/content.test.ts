import { ApiErrorBody, ContentList, endpoints, HealthResponse } from '@coursekit/core/contract'
import { describe, expect, it } from 'vitest'
import { type ContentCollection, sampleContent } from './content/index.ts'
import { createPlatformTestBed, expectBody } from './test-helpers.ts'

const collections = Object.keys(sampleContent) as ContentCollection[]

describe('public content', () => {
  it('answers health and ping without a token', async () => {
    const { anonymous } = await createPlatformTestBed()
    expect(expectBody(await anonymous.get('/api/health'), 200, HealthResponse)).toEqual({ status: 'ok' })
    expect(expectBody(await anonymous.get('/api/ping'), 200, endpoints.ping.response)).toEqual({ pong: true })
  })

  it.each(collections)('serves %s as { items, total } without a token, and each item at /{id}', async (name) => {
    const { anonymous } = await createPlatformTestBed()
    const list = expectBody(await anonymous.get(endpoints[name].path), 200, ContentList)
    expect(list.total).toBe(sampleContent[name].length)
    expect(list.items.length).toBeGreaterThan(0)
    const first = list.items[0]!
    const single = await anonymous.get(`${endpoints[name].path}/${first.id}`)
    expect(single).toEqual({ status: 200, body: first })
    expect(expectBody(await anonymous.get(`${endpoints[name].path}/999999`), 404, ApiErrorBody).code).toBe('NOT_FOUND')
  })

  it('pages with limit and offset, keeping the total', async () => {
    const { anonymous } = await createPlatformTestBed()
    const all = expectBody(await anonymous.get('/api/v2/courses'), 200, ContentList)
    const page = expectBody(await anonymous.get('/api/v2/courses?limit=2&offset=3'), 200, ContentList)
    expect(page.total).toBe(all.total)
    expect(page.items).toEqual(all.items.slice(3, 5))
    const past = expectBody(await anonymous.get('/api/v2/courses?offset=100'), 200, ContentList)
    expect(past.items).toEqual([])
  })

  it('filters by a plain field', async () => {
    const { anonymous } = await createPlatformTestBed()
    const lessons = expectBody(await anonymous.get('/api/v2/lessons?courseId=101'), 200, ContentList)
    expect(lessons.total).toBe(4)
    expect(lessons.items.every((item) => item.courseId === 101)).toBe(true)
  })

  it('answers 400 for a bad limit or offset', async () => {
    const { anonymous } = await createPlatformTestBed()
    for (const query of ['limit=-1', 'limit=abc', 'offset=1.5']) {
      expect(expectBody(await anonymous.get(`/api/v2/notices?${query}`), 400, ApiErrorBody).code).toBe('BAD_REQUEST')
    }
  })

  it("a course's rating and review count are those of its reviews (a card and the course page agree)", () => {
    for (const course of sampleContent.courses) {
      const ratings = sampleContent.courseReviews
        .filter((review) => review.courseId === course.id)
        .map((review) => review.rating as number)
      const average =
        ratings.length === 0 ? 0 : Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10
      expect([course.id, course.rating, course.reviewCount]).toEqual([course.id, average, ratings.length])
    }
  })

  it('serves Korean text', async () => {
    const { anonymous } = await createPlatformTestBed()
    const notices = expectBody(await anonymous.get('/api/v2/notices'), 200, ContentList)
    expect(notices.items[0]?.title).toMatch(/[가-힣]/)
  })
})
