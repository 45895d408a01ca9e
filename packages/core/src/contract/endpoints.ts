import * as z from 'zod/mini'
import * as admin from './admin.ts'
import * as analytics from './analytics.ts'
import * as auth from './auth.ts'
import * as content from './content.ts'
import {
  type EndpointRoute,
  type EndpointRouteName,
  type HttpMethod,
  endpointRoutes as routes,
} from './endpoint-routes.ts'
import * as oauth from './oauth.ts'
import * as phone from './phone-verification.ts'
import * as tracker from './session-tracker.ts'
import * as users from './users.ts'

export { endpointPath, type HttpMethod } from './endpoint-routes.ts'

export interface Endpoint<Body extends z.ZodMiniType | null, Response extends z.ZodMiniType> {
  method: HttpMethod
  /** Path template; `{name}` marks a path parameter. */
  path: string
  body: Body
  response: Response
}

/** An endpoint of endpoint-routes.ts with its schemas: the body's (null for none) and the response's. */
function endpoint<Body extends z.ZodMiniType | null, Response extends z.ZodMiniType>(
  route: EndpointRoute,
  body: Body,
  response: Response,
): Endpoint<Body, Response> {
  return { method: route.method, path: route.path, body, response }
}

const EmptyBody = z.optional(z.looseObject({}))

/** Spec section 7, every row, plus the public reads the mock server serves and the calls of decisions.md. */
export const endpoints = {
  getUser: endpoint(routes.getUser, null, users.ServerUserRecord),

  registerSession: endpoint(routes.registerSession, tracker.RegisterSessionRequest, tracker.RegisterSessionResponse),
  watch: endpoint(routes.watch, tracker.WatchRequest, tracker.WatchResponse),
  endWatch: endpoint(routes.endWatch, tracker.SessionIdRequest, tracker.EndWatchResponse),
  endSession: endpoint(routes.endSession, tracker.SessionIdRequest, tracker.EndSessionResponse),
  heartbeat: endpoint(routes.heartbeat, tracker.SessionIdRequest, tracker.HeartbeatResponse),
  forceLogout: endpoint(routes.forceLogout, null, tracker.ForceLogoutResponse),
  terminateOthers: endpoint(routes.terminateOthers, tracker.TerminateOthersRequest, tracker.TerminateOthersResponse),
  batchUpdate: endpoint(routes.batchUpdate, tracker.BatchUpdateRequest, tracker.BatchUpdateResponse),
  listSessions: endpoint(routes.listSessions, null, tracker.SessionListResponse),
  removeSession: endpoint(routes.removeSession, null, tracker.RemoveSessionResponse),

  trackVisit: endpoint(routes.trackVisit, analytics.TrackVisitRequest, analytics.TrackVisitResponse),
  updateVisit: endpoint(routes.updateVisit, analytics.UpdateVisitRequest, z.looseObject({ success: z.literal(true) })),
  trackConversion: endpoint(
    routes.trackConversion,
    analytics.TrackConversionRequest,
    z.looseObject({ success: z.literal(true) }),
  ),

  verifyLegacyPassword: endpoint(
    routes.verifyLegacyPassword,
    users.VerifyLegacyPasswordRequest,
    users.VerifyLegacyPasswordResponse,
  ),
  logout: endpoint(routes.logout, EmptyBody, auth.LogoutResponse),
  updateLastSignIn: endpoint(routes.updateLastSignIn, EmptyBody, auth.UpdateLastSignInResponse),
  activateUser: endpoint(routes.activateUser, users.ActivateUserRequest, users.UserResponse),
  processOAuth: endpoint(routes.processOAuth, oauth.OAuthProcessRequest, oauth.OAuthProcessResponse),
  userExistsByUid: endpoint(routes.userExistsByUid, null, users.UserExistsResponse),
  userExistsByEmail: endpoint(routes.userExistsByEmail, users.EmailExistsRequest, users.EmailExistsResponse),
  createUser: endpoint(routes.createUser, users.CreateUserRequest, users.UserResponse),
  updateDisplayName: endpoint(routes.updateDisplayName, users.DisplayNameRequest, users.UserResponse),
  addOAuthProvider: endpoint(routes.addOAuthProvider, users.OAuthProviderRequest, users.UserResponse),

  sendPhoneCode: endpoint(routes.sendPhoneCode, phone.SendPhoneCodeRequest, phone.SendPhoneCodeResponse),
  verifyPhoneCode: endpoint(routes.verifyPhoneCode, phone.VerifyPhoneCodeRequest, phone.VerifyPhoneCodeResponse),

  adminSessions: endpoint(routes.adminSessions, null, admin.AdminSessionListResponse),
  adminSignOutSession: endpoint(routes.adminSignOutSession, null, admin.AdminSignOutResponse),

  health: endpoint(routes.health, null, content.HealthResponse),
  ping: endpoint(routes.ping, null, z.looseObject({ pong: z.literal(true) })),
  courses: endpoint(routes.courses, null, content.ContentList),
  course: endpoint(routes.course, null, content.ContentItem),
  courseCategories: endpoint(routes.courseCategories, null, content.ContentList),
  lessons: endpoint(routes.lessons, null, content.LessonList),
  lesson: endpoint(routes.lesson, null, content.Lesson),
  courseReviews: endpoint(routes.courseReviews, null, content.ContentList),
  mentors: endpoint(routes.mentors, null, content.ContentList),
  notices: endpoint(routes.notices, null, content.ContentList),
  notice: endpoint(routes.notice, null, content.ContentItem),
  banners: endpoint(routes.banners, null, content.ContentList),
  calendar: endpoint(routes.calendar, null, content.ContentList),
  availableDiscountCodes: endpoint(routes.availableDiscountCodes, null, content.ContentList),
  menuSettings: endpoint(routes.menuSettings, null, content.ContentList),
} as const satisfies { [N in EndpointRouteName]: Endpoint<z.ZodMiniType | null, z.ZodMiniType> }

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
export type EndpointBody<N extends EndpointName> = Endpoints[N]['body'] extends z.ZodMiniType
  ? z.input<Endpoints[N]['body']>
  : undefined
export type EndpointResponse<N extends EndpointName> = z.output<Endpoints[N]['response']>
