/**
 * The wire contract of spec section 7: zod schemas of every request and response body, the public
 * path list of section 6, and the endpoint table. The client and the mock server share it, so the
 * two cannot disagree about the wire.
 */
export * from './admin.ts'
export * from './analytics.ts'
export * from './auth.ts'
export * from './common.ts'
export * from './content.ts'
export { type EndpointRoute, type EndpointRouteName, endpointRoutes } from './endpoint-routes.ts'
export * from './endpoints.ts'
export * from './error-code.ts'
export * from './korean-phone.ts'
export * from './oauth.ts'
export * from './phone-verification.ts'
export * from './public-paths.ts'
export * from './session-tracker.ts'
export {
  ActivateUserRequest,
  CreateUserErrorBody,
  CreateUserRequest,
  DisplayNameRequest,
  EmailExistsRequest,
  EmailExistsResponse,
  OAuthProviderRequest,
  ServerUserRecord,
  UserExistsResponse,
  UserResponse,
  VerifyLegacyPasswordRequest,
  VerifyLegacyPasswordResponse,
} from './users.ts'
