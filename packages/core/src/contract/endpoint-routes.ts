import { isContentItem, isContentList } from './content-checks.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Where an endpoint is and what it sends, without its schemas: what the API client needs to send a
 * call. The schemas (endpoints.ts, zod) load with the first call that must check a body or a
 * response; an app's first screen sends none.
 */
export interface EndpointRoute {
  method: HttpMethod
  /** Path template; `{name}` marks a path parameter. */
  path: string
  /** Whether the endpoint takes a body (checked against its schema before it goes). */
  body: boolean
  /**
   * A check of the response that accepts only what its schema accepts (never more), so a body it
   * passes needs no schema. Whatever it does not pass is parsed with the schema, which decides and
   * says why: a read that fits costs no zod, one that does not fails exactly as before.
   */
  fits?: (data: unknown) => boolean
}

function route(method: HttpMethod, path: string, body: boolean, fits?: (data: unknown) => boolean): EndpointRoute {
  return fits ? { method, path, body, fits } : { method, path, body }
}

const T = '/api/v2/session-tracker'

/** Every endpoint of endpoints.ts by the same name (its type checks that they agree). */
export const endpointRoutes = {
  getUser: route('GET', '/api/users/{id}', false),

  registerSession: route('POST', T, true),
  watch: route('POST', `${T}/watch`, true),
  endWatch: route('POST', `${T}/end-watch`, true),
  endSession: route('POST', `${T}/end`, true),
  heartbeat: route('POST', `${T}/heartbeat`, true),
  forceLogout: route('DELETE', `${T}/force-logout/{sessionId}`, false),
  terminateOthers: route('POST', `${T}/terminate-others`, true),
  batchUpdate: route('POST', `${T}/batch-update`, true),
  listSessions: route('GET', `${T}/sessions`, false),
  removeSession: route('DELETE', `${T}/sessions/{id}`, false),

  trackVisit: route('POST', '/api/v2/analytics/track-visit', true),
  updateVisit: route('POST', '/api/v2/analytics/track-visit/{sessionId}', true),
  trackConversion: route('PUT', '/api/v2/analytics/track-conversion/{sessionId}', true),

  verifyLegacyPassword: route('POST', '/api/v2/users/verify-legacy-password', true),
  logout: route('POST', '/api/v2/auth/logout', true),
  updateLastSignIn: route('POST', '/api/v2/auth/update-last-sign-in', true),
  activateUser: route('POST', '/api/v2/users/activate', true),
  processOAuth: route('POST', '/api/v2/oauth/process', true),
  userExistsByUid: route('GET', '/api/v2/users/exists/uid/{uid}', false),
  userExistsByEmail: route('POST', '/api/v2/users/exists/email/{email}', true),
  createUser: route('POST', '/api/v2/users/create', true),
  updateDisplayName: route('PATCH', '/api/v2/users/{id}/display-name', true),
  addOAuthProvider: route('PATCH', '/api/v2/users/{id}/oauth-providers', true),

  sendPhoneCode: route('POST', '/api/v2/phone-verification/send', true),
  verifyPhoneCode: route('POST', '/api/v2/phone-verification/verify', true),

  adminSessions: route('GET', '/api/v2/admin/sessions', false),
  adminSignOutSession: route('DELETE', '/api/v2/admin/sessions/{sessionId}', false),

  health: route('GET', '/api/health', false),
  ping: route('GET', '/api/ping', false),
  courses: route('GET', '/api/v2/courses', false, isContentList),
  course: route('GET', '/api/v2/courses/{id}', false, isContentItem),
  courseCategories: route('GET', '/api/v2/course-categories', false, isContentList),
  lessons: route('GET', '/api/v2/lessons', false),
  lesson: route('GET', '/api/v2/lessons/{id}', false),
  courseReviews: route('GET', '/api/v2/course-reviews', false, isContentList),
  mentors: route('GET', '/api/v2/mentors', false, isContentList),
  notices: route('GET', '/api/v2/notices', false, isContentList),
  notice: route('GET', '/api/v2/notices/{id}', false, isContentItem),
  banners: route('GET', '/api/v2/banners', false, isContentList),
  calendar: route('GET', '/api/v2/calendar', false, isContentList),
  availableDiscountCodes: route('GET', '/api/v2/discount-codes/available', false, isContentList),
  menuSettings: route('GET', '/api/v2/menu-settings', false, isContentList),
} as const satisfies Record<string, EndpointRoute>

export type EndpointRouteName = keyof typeof endpointRoutes

/** Fills `{name}` placeholders, percent-encoding each value. */
export function endpointPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`missing path parameter "${name}" for ${template}`)
    return encodeURIComponent(value)
  })
}
