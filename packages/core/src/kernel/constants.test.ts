import { describe, expect, it } from 'vitest'
import * as constants from './constants.ts'

describe('constants (spec section 9)', () => {
  it('names every number with its unit', () => {
    for (const [name, value] of Object.entries(constants)) {
      if (typeof value !== 'number' && !Array.isArray(value)) continue
      expect(name).toMatch(/_(MS|S|ATTEMPTS|LIMIT|THRESHOLD)$/)
    }
  })

  it('has the spec values', () => {
    expect(constants.TOKEN_EXPIRING_THRESHOLD_MS).toBe(300_000)
    expect(constants.TOKEN_REFRESH_BEFORE_EXPIRY_MS).toBe(600_000)
    expect(constants.AUTH_WAIT_LIMIT_MS).toBe(5_000)
    expect(constants.HEARTBEAT_WATCHING_INTERVAL_MS).toBe(60_000)
    expect(constants.HEARTBEAT_IDLE_INTERVAL_MS).toBe(1_200_000)
    expect(constants.HEARTBEAT_MIN_GAP_IDLE_MS).toBe(300_000)
    expect(constants.BATCH_UPDATE_DELAY_MS).toBe(5_000)
    expect(constants.DEVICE_LIST_CACHE_TTL_MS).toBe(60_000)
    expect(constants.SERVER_STATE_HINT_TTL_MS).toBe(30_000)
    expect(constants.AUTH_COOKIE_MAX_AGE_S).toBe(604_800)
    expect(constants.LAST_LOGIN_INFO_TTL_MS).toBe(2_592_000_000)
    expect(constants.PROFILE_REDIRECT_LIMIT).toBe(3)
    expect(constants.REDIRECT_AFTER_OAUTH_MS).toBe(1_000)
    expect(constants.REDIRECT_AFTER_LOGOUT_MS).toBe(100)
    expect(constants.OAUTH_IN_PROGRESS_WAIT_MS / constants.OAUTH_IN_PROGRESS_POLL_MS).toBe(20)
    expect(constants.BOUNCE_THRESHOLD_MS).toBe(15_000)
    expect(constants.REALTIME_RECONNECT_DELAYS_MS).toEqual([1_000, 2_000, 5_000, 10_000])
  })
})
