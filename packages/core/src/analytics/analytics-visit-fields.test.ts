import { describe, expect, it } from 'vitest'
import { TrackVisitRequest } from '../contract/analytics.ts'
import type { LocationSnapshot } from '../kernel/ports.ts'
import { visitFields } from './analytics-visit-fields.ts'

function entry(href: string): LocationSnapshot {
  const url = new URL(href)
  return { href, origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash }
}

const desktopChrome = { browser: 'Chrome', os: 'Windows', deviceType: 'desktop' } as const

describe('visit fields', () => {
  it('cuts over-long tags and referrers to the contract limit instead of losing the visit', () => {
    const long = 'x'.repeat(5_000)
    const fields = visitFields({
      entry: entry(`https://app.test/${long}?utm_campaign=${long}`),
      referrer: `https://ref.test/${long}`,
      userId: null,
      isNewUser: true,
      client: desktopChrome,
    })
    expect(fields.entryPath).toHaveLength(2048)
    expect(fields.utmCampaign).toHaveLength(2048)
    expect(fields.referrerUrl).toHaveLength(2048)
    expect(TrackVisitRequest.safeParse(fields).success).toBe(true)
  })

  it('sends null for an absent or blank tag, and reads + and percent escapes in the query', () => {
    const fields = visitFields({
      entry: entry('https://app.test/?utm_source=%20&utm_medium=&utm_term=%EC%BD%94%EB%94%A9+%EA%B0%95%EC%9D%98'),
      referrer: '',
      userId: 'u1',
      isNewUser: false,
      client: desktopChrome,
    })
    expect(fields).toMatchObject({
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      utmTerm: '코딩 강의',
      referrerUrl: null,
      userId: 'u1',
      entryPath: '/',
    })
  })
})
