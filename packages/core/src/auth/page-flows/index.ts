/**
 * The auth pages' flows: sign-in, sign-up, the password reset request, the new password (a reset
 * link's or a signed-in user's), "send it again" for a mailed link, and the OAuth callback. Each is
 * a store of what its page shows and the page's commands over `client.auth`, so a binding only
 * subscribes (React: `useSyncExternalStore(flow.subscribe, flow.getSnapshot)`). Creating one sends
 * nothing; a countdown runs only while someone listens.
 */

export {
  type EmailFieldError,
  type FormInput,
  NEW_PASSWORD_MAX,
  NEW_PASSWORD_MIN,
  type NewPasswordFieldError,
} from './account-form-rules.ts'
export {
  createMailResendFlow,
  type MailResendFlow,
  type MailResendSnapshot,
  type MailResendStatus,
} from './mail-resend-flow.ts'
export {
  createOAuthCallbackFlow,
  type OAuthCallbackFlow,
  type OAuthCallbackSnapshot,
} from './oauth-callback-flow.ts'
export type { PageFlowDeps } from './page-flow-deps.ts'
export {
  createPasswordChangeFlow,
  type PasswordChangeFlow,
  type PasswordChangeOptions,
  type PasswordChangeSnapshot,
  type PasswordChangeStatus,
} from './password-change-flow.ts'
export {
  createPasswordResetRequestFlow,
  type PasswordResetRequestFlow,
  type PasswordResetRequestSnapshot,
  type PasswordResetRequestStatus,
} from './password-reset-request-flow.ts'
export {
  createPasswordSignInFlow,
  type PasswordSignInFlow,
  type PasswordSignInOptions,
  type PasswordSignInSnapshot,
  type PasswordSignInStatus,
  type SignInFieldError,
} from './password-sign-in-flow.ts'
export {
  createSignUpFlow,
  type SignUpFieldErrors,
  type SignUpFlow,
  type SignUpForm,
  type SignUpSnapshot,
  type SignUpStatus,
} from './sign-up-flow.ts'
