import { ApiErrorBody, endpoints, TrackVisitResponse } from '@coursekit/core/contract'
import { describe, expect, it } from 'vitest'
import { createPlatformTestBed, expectBody } from './test-helpers.ts'

const VISIT = {
  entryPath: '/courses/101',
  referrerUrl: 'https://www.google.com/',
  utmSource: 'naver',
  utmMedium: 'cpc',
  utmCampaign: 'autumn-sale',
  deviceType: 'mobile',
  browser: 'Safari',
  os: 'iOS',
  isNewUser: true,
}

describe('visit analytics', () => {
  it('records a visit without a token and hands back a new visit id each time', async () => {
    const { anonymous, backend } = await createPlatformTestBed()
    const first = expectBody(await anonymous.post('/api/v2/analytics/track-visit', VISIT), 200, TrackVisitResponse)
    const second = expectBody(await anonymous.post('/api/v2/analytics/track-visit', VISIT), 200, TrackVisitResponse)
    expect(first.sessionId).not.toBe(second.sessionId)
    expect(backend.context.visits.get(first.sessionId)).toMatchObject({ entryPath: '/courses/101', utmSource: 'naver' })
  })

  it('updates a visit from a text/plain beacon', async () => {
    const { anonymous, backend } = await createPlatformTestBed()
    const { sessionId } = expectBody(
      await anonymous.post('/api/v2/analytics/track-visit', VISIT),
      200,
      TrackVisitResponse,
    )
    const answer = await anonymous.request(
      'POST',
      `/api/v2/analytics/track-visit/${sessionId}`,
      JSON.stringify({ visitDuration: 12, bounced: true }),
      { 'content-type': 'text/plain;charset=UTF-8' },
    )
    expectBody(answer, 200, endpoints.updateVisit.response)
    expect(backend.context.visits.get(sessionId)).toMatchObject({ visitDuration: 12, bounced: true, updates: 1 })
  })

  it('answers 404 for an update or conversion of an unknown visit', async () => {
    const { anonymous } = await createPlatformTestBed()
    const update = await anonymous.post('/api/v2/analytics/track-visit/nope', { visitDuration: 3, bounced: true })
    expect(expectBody(update, 404, ApiErrorBody).code).toBe('NOT_FOUND')
    const conversion = await anonymous.put('/api/v2/analytics/track-conversion/nope', { conversionType: 'signup' })
    expect(expectBody(conversion, 404, ApiErrorBody).code).toBe('NOT_FOUND')
  })

  it('records a conversion once however often it is sent', async () => {
    const { anonymous, backend } = await createPlatformTestBed()
    const { sessionId } = expectBody(
      await anonymous.post('/api/v2/analytics/track-visit', VISIT),
      200,
      TrackVisitResponse,
    )
    const path = `/api/v2/analytics/track-conversion/${sessionId}`
    const first = expectBody(
      await anonymous.put(path, { conversionType: 'signup' }),
      200,
      endpoints.trackConversion.response,
    )
    const repeat = expectBody(
      await anonymous.put(path, { conversionType: 'signup' }),
      200,
      endpoints.trackConversion.response,
    )
    expect([first.recorded, repeat.recorded]).toEqual([true, false])
    await anonymous.put(path, { conversionType: 'paid' })
    expect(backend.context.visits.get(sessionId)?.conversions.map((conversion) => conversion.type)).toEqual([
      'signup',
      'paid',
    ])
    expect(backend.context.visits.snapshot()[0]?.conversions).toHaveLength(2)
  })

  it('answers 400 for wrong field types and records nothing', async () => {
    const { anonymous, backend } = await createPlatformTestBed()
    for (const body of [
      { ...VISIT, deviceType: 'watch' },
      { ...VISIT, isNewUser: 'yes' },
      { ...VISIT, entryPath: undefined },
    ]) {
      expect((await anonymous.post('/api/v2/analytics/track-visit', body)).status).toBe(400)
    }
    expect(backend.context.visits.snapshot()).toEqual([])
    const { sessionId } = expectBody(
      await anonymous.post('/api/v2/analytics/track-visit', VISIT),
      200,
      TrackVisitResponse,
    )
    const bad = await anonymous.post(`/api/v2/analytics/track-visit/${sessionId}`, { visitDuration: -1, bounced: true })
    expect(bad.status).toBe(400)
    expect(
      (await anonymous.put(`/api/v2/analytics/track-conversion/${sessionId}`, { conversionType: 'x' })).status,
    ).toBe(400)
    expect(backend.context.visits.get(sessionId)).toMatchObject({ updates: 0, conversions: [] })
  })
})
