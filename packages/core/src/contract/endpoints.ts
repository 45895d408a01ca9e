import * as z from 'zod/mini'
import * as admin from './admin.ts'
import * as analytics from './analytics.ts'
import * as auth from './auth.ts'
import * as content from './content.ts'
import * as oauth from './oauth.ts'
import * as phone from './phone-verification.ts'
import * as tracker from './session-tracker.ts'
import * as users from './users.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Endpoint<Body extends z.ZodMiniType | null, Response extends z.ZodMiniType> {
  method: HttpMethod
  /** Path template; `{name}` marks a path parameter. */
  path: string
  body: Body
  response: Response
}

function endpoint<Body extends z.ZodMiniType | null, Response extends z.ZodMiniType>(
  method: HttpMethod,
  path: string,
  body: Body,
  response: Response,
): Endpoint<Body, Response> {
  return { method, path, body, response }
}

const T = '/api/v2/session-tracker'
const EmptyBody = z.optional(z.looseObject({}))

/** Spec section 7, every row, plus the public reads the mock server serves and the calls of decisions.md. */
export const endpoints = {
  getUser: endpoint('GET', '/api/users/{id}', null, users.ServerUserRecord),

  registerSession: endpoint('POST', T, tracker.RegisterSessionRequest, tracker.RegisterSessionResponse),
  watch: endpoint('POST', `${T}/watch`, tracker.WatchRequest, tracker.WatchResponse),
  endWatch: endpoint('POST', `${T}/end-watch`, tracker.SessionIdRequest, tracker.EndWatchResponse),
  endSession: endpoint('POST', `${T}/end`, tracker.SessionIdRequest, tracker.EndSessionResponse),
  heartbeat: endpoint('POST', `${T}/heartbeat`, tracker.SessionIdRequest, tracker.HeartbeatResponse),
  forceLogout: endpoint('DELETE', `${T}/force-logout/{sessionId}`, null, tracker.ForceLogoutResponse),
  terminateOthers: endpoint(
    'POST',
    `${T}/terminate-others`,
    tracker.TerminateOthersRequest,
    tracker.TerminateOthersResponse,
  ),
  batchUpdate: endpoint('POST', `${T}/batch-update`, tracker.BatchUpdateRequest, tracker.BatchUpdateResponse),
  listSessions: endpoint('GET', `${T}/sessions`, null, tracker.SessionListResponse),
  removeSession: endpoint('DELETE', `${T}/sessions/{id}`, null, tracker.RemoveSessionResponse),

  trackVisit: endpoint(
    'POST',
    '/api/v2/analytics/track-visit',
    analytics.TrackVisitRequest,
    analytics.TrackVisitResponse,
  ),
  updateVisit: endpoint(
    'POST',
    '/api/v2/analytics/track-visit/{sessionId}',
    analytics.UpdateVisitRequest,
    z.looseObject({ success: z.literal(true) }),
  ),
  trackConversion: endpoint(
    'PUT',
    '/api/v2/analytics/track-conversion/{sessionId}',
    analytics.TrackConversionRequest,
    z.looseObject({ success: z.literal(true) }),
  ),

  verifyLegacyPassword: endpoint(
    'POST',
    '/api/v2/users/verify-legacy-password',
    users.VerifyLegacyPasswordRequest,
    users.VerifyLegacyPasswordResponse,
  ),
  logout: endpoint('POST', '/api/v2/auth/logout', EmptyBody, auth.LogoutResponse),
  updateLastSignIn: endpoint('POST', '/api/v2/auth/update-last-sign-in', EmptyBody, auth.UpdateLastSignInResponse),
  activateUser: endpoint('POST', '/api/v2/users/activate', users.ActivateUserRequest, users.UserResponse),
  processOAuth: endpoint('POST', '/api/v2/oauth/process', oauth.OAuthProcessRequest, oauth.OAuthProcessResponse),
  userExistsByUid: endpoint('GET', '/api/v2/users/exists/uid/{uid}', null, users.UserExistsResponse),
  userExistsByEmail: endpoint(
    'POST',
    '/api/v2/users/exists/email/{email}',
    users.EmailExistsRequest,
    users.EmailExistsResponse,
  ),
  createUser: endpoint('POST', '/api/v2/users/create', users.CreateUserRequest, users.UserResponse),
  updateDisplayName: endpoint('PATCH', '/api/v2/users/{id}/display-name', users.DisplayNameRequest, users.UserResponse),
  addOAuthProvider: endpoint(
    'PATCH',
    '/api/v2/users/{id}/oauth-providers',
    users.OAuthProviderRequest,
    users.UserResponse,
  ),

  sendPhoneCode: endpoint(
    'POST',
    '/api/v2/phone-verification/send',
    phone.SendPhoneCodeRequest,
    phone.SendPhoneCodeResponse,
  ),
  verifyPhoneCode: endpoint(
    'POST',
    '/api/v2/phone-verification/verify',
    phone.VerifyPhoneCodeRequest,
    phone.VerifyPhoneCodeResponse,
  ),

  adminSessions: endpoint('GET', '/api/v2/admin/sessions', null, admin.AdminSessionListResponse),
  adminSignOutSession: endpoint('DELETE', '/api/v2/admin/sessions/{sessionId}', null, admin.AdminSignOutResponse),

  health: endpoint('GET', '/api/health', null, content.HealthResponse),
  ping: endpoint('GET', '/api/ping', null, z.looseObject({ pong: z.literal(true) })),
  courses: endpoint('GET', '/api/v2/courses', null, content.ContentList),
  course: endpoint('GET', '/api/v2/courses/{id}', null, content.ContentItem),
  courseCategories: endpoint('GET', '/api/v2/course-categories', null, content.ContentList),
  lessons: endpoint('GET', '/api/v2/lessons', null, content.LessonList),
  lesson: endpoint('GET', '/api/v2/lessons/{id}', null, content.Lesson),
  courseReviews: endpoint('GET', '/api/v2/course-reviews', null, content.ContentList),
  mentors: endpoint('GET', '/api/v2/mentors', null, content.ContentList),
  notices: endpoint('GET', '/api/v2/notices', null, content.ContentList),
  notice: endpoint('GET', '/api/v2/notices/{id}', null, content.ContentItem),
  banners: endpoint('GET', '/api/v2/banners', null, content.ContentList),
  calendar: endpoint('GET', '/api/v2/calendar', null, content.ContentList),
  availableDiscountCodes: endpoint('GET', '/api/v2/discount-codes/available', null, content.ContentList),
  menuSettings: endpoint('GET', '/api/v2/menu-settings', null, content.ContentList),
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
export type EndpointBody<N extends EndpointName> = Endpoints[N]['body'] extends z.ZodMiniType
  ? z.input<Endpoints[N]['body']>
  : undefined
export type EndpointResponse<N extends EndpointName> = z.output<Endpoints[N]['response']>

/** Fills `{name}` placeholders, percent-encoding each value. */
export function endpointPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`missing path parameter "${name}" for ${template}`)
    return encodeURIComponent(value)
  })
}
