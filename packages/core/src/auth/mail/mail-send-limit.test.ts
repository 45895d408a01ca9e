import { describe, expect, it } from 'vitest'
import { DEFAULT_MAIL_WAIT_S, mailWaitSeconds } from './mail-send-limit.ts'

describe('mailWaitSeconds', () => {
  it("reads GoTrue's 429 over_email_send_rate_limit: the seconds its message states", () => {
    const error = {
      name: 'AuthApiError',
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'For security purposes, you can only request this after 42 seconds.',
    }
    expect(mailWaitSeconds(error)).toBe(42)
    expect(
      mailWaitSeconds({ ...error, message: 'For security purposes, you can only request this after 1 second.' }),
    ).toBe(1)
  })

  it('a 429 that does not say how long waits the default window', () => {
    expect(
      mailWaitSeconds({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' }),
    ).toBe(DEFAULT_MAIL_WAIT_S)
    expect(mailWaitSeconds({ status: 429 })).toBe(60)
  })

  it('anything else is no wait', () => {
    expect(mailWaitSeconds({ status: 422, code: 'validation_failed', message: 'after 5 seconds' })).toBeNull()
    expect(mailWaitSeconds({ status: 500 })).toBeNull()
    expect(mailWaitSeconds(null)).toBeNull()
    expect(mailWaitSeconds('429')).toBeNull()
  })
})
