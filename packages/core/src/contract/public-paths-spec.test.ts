import { describe, expect, it } from 'vitest'
import { type EndpointName, endpointPath, endpoints } from './endpoints.ts'
import { isPublicApiPath, PUBLIC_ENDPOINTS } from './public-paths.ts'

/**
 * Spec section 6, "Public endpoints (no login)", as its text says it. Written from the spec, not
 * from PUBLIC_ENDPOINTS: the tests below hold the list to it.
 */
const SPEC_SECTION_6 =
  'courses, course-categories, user existence/creation/lookup checks, legacy account lookup and integration, ' +
  'public user info, third-party check, mentors, account linking, course reviews, visit analytics, ' +
  'session-tracker end, notices, banners, calendar, lessons, available discount codes, ping, url-shortener, ' +
  'oauth, login-method check, phone verification for signup, menu-settings, non-member payment, ' +
  'discount-codes, health'

/**
 * Every call of the contract, read against that text: the item of section 6 that makes it public,
 * or null ("All other paths send a bearer token"). A new call must be placed here.
 */
const CALLS: Record<EndpointName, string | null> = {
  getUser: null,
  registerSession: null,
  watch: null,
  endWatch: null,
  endSession: 'session-tracker end',
  heartbeat: null,
  forceLogout: null,
  terminateOthers: null,
  batchUpdate: null,
  listSessions: null,
  removeSession: null,
  trackVisit: 'visit analytics',
  updateVisit: 'visit analytics',
  // A conversion is recorded against the visit's analytics session (its sessionId), as part of it.
  trackConversion: 'visit analytics',
  verifyLegacyPassword: 'legacy account lookup and integration',
  logout: null,
  updateLastSignIn: null,
  // Activation completes the account the legacy move (or a sign-up) created, before any sign-in:
  // the mock checks the id against the e-mail instead of a bearer.
  activateUser: 'legacy account lookup and integration',
  processOAuth: 'oauth',
  userExistsByUid: 'user existence/creation/lookup checks',
  userExistsByEmail: 'user existence/creation/lookup checks',
  createUser: 'user existence/creation/lookup checks',
  updateDisplayName: null,
  addOAuthProvider: null,
  sendPhoneCode: 'phone verification for signup',
  verifyPhoneCode: 'phone verification for signup',
  // The admin area (decisions.md) is not in section 6's list: a bearer with role ADMIN.
  adminSessions: null,
  adminSignOutSession: null,
  health: 'health',
  ping: 'ping',
  courses: 'courses',
  course: 'courses',
  courseCategories: 'course-categories',
  lessons: 'lessons',
  lesson: 'lessons',
  courseReviews: 'course reviews',
  mentors: 'mentors',
  notices: 'notices',
  notice: 'notices',
  banners: 'banners',
  calendar: 'calendar',
  availableDiscountCodes: 'available discount codes',
  menuSettings: 'menu-settings',
}

/** Items the contract has no call for yet: the path each names, below which everything is public. */
const UNCALLED: Record<string, string> = {
  'user existence/creation/lookup checks': '/api/v2/users/lookup',
  'legacy account lookup and integration': '/api/v2/users/legacy',
  'public user info': '/api/v2/users/public',
  'third-party check': '/api/v2/third-party',
  'account linking': '/api/v2/account-linking',
  'url-shortener': '/api/v2/url-shortener',
  'login-method check': '/api/v2/users/login-method',
  'non-member payment': '/api/v2/non-member-payment',
  'discount-codes': '/api/v2/discount-codes',
}

/** Calls that are not in the contract and need a login all the same. */
const PRIVATE_ELSEWHERE = [
  '/api/v2/admin/users',
  '/api/v2/users/u1',
  '/api/v2/users/u1/display-name',
  '/api/v2/users/me',
  '/api/v2/session-tracker',
  '/api/v2/session-tracker/end-watch',
  '/api/v2/auth/logout',
  '/api/v2/payments',
  '/api/v2/enrollments',
]

const specItems = SPEC_SECTION_6.split(', ')
const samplePath = (name: EndpointName) =>
  endpointPath(endpoints[name].path, { id: 'u1', uid: 'u1', email: 'a@b.test', sessionId: 's1' })

describe('public paths against spec section 6', () => {
  it('the list has one entry for each item of the spec, and no other', () => {
    expect(specItems).toHaveLength(25)
    expect(PUBLIC_ENDPOINTS.map((entry) => entry.name).sort()).toEqual([...specItems].sort())
  })

  it('every call of the contract is public exactly when an item of section 6 names it', () => {
    expect(Object.keys(CALLS).sort()).toEqual(Object.keys(endpoints).sort())
    for (const [name, item] of Object.entries(CALLS) as [EndpointName, string | null][]) {
      if (item !== null) expect(specItems).toContain(item)
      const path = samplePath(name)
      expect([name, path, isPublicApiPath(path)]).toEqual([name, path, item !== null])
    }
  })

  it('every item of section 6 makes a path public, with what lies below it', () => {
    const called = Object.entries(CALLS).filter(([, item]) => item !== null) as [EndpointName, string][]
    for (const item of specItems) {
      const paths = [
        ...called.filter(([, named]) => named === item).map(([name]) => samplePath(name)),
        ...(UNCALLED[item] ? [UNCALLED[item], `${UNCALLED[item]}/x`] : []),
      ]
      expect([item, paths.length > 0]).toEqual([item, true])
      for (const path of paths) expect([item, path, isPublicApiPath(path)]).toEqual([item, path, true])
    }
  })

  it('calls outside the contract need a login unless section 6 names them', () => {
    for (const path of PRIVATE_ELSEWHERE) expect([path, isPublicApiPath(path)]).toEqual([path, false])
  })
})
