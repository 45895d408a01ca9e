/**
 * `@coursekit/core/flows`: what a binding needs to build the account pages. Each flow is a store
 * of what its page shows and the page's commands over `client.auth` (sign-in, sign-up, the reset
 * request, the new password, "send it again", the OAuth callback, the profile completion), so a
 * binding only subscribes: React's `useSyncExternalStore(flow.subscribe, flow.getSnapshot)`, a Vue
 * `shallowRef` set in the listener, a Svelte `readable`. Beside them, the rules those pages show or
 * apply: the new password's bounds, the sign-up consents, and the one rule for a target that came
 * from outside (`?redirect=`, a banner's link). Creating a flow sends nothing.
 *
 * Apart from the root entry because only the account pages need it: the client, its services and
 * observers stay in `@coursekit/core`.
 */

export { afterSignInTarget, localTargetPath, safeRedirectPath } from './auth/flows/redirect-target.ts'
export {
  missingConsents,
  SIGN_UP_CONSENTS,
  type SignUpConsent,
  type SignUpConsents,
} from './auth/flows/sign-up-consents.ts'
export * from './auth/page-flows/index.ts'
export {
  createProfileCompletionFlow,
  type PhoneVerificationStatus,
  type ProfileCompletionFlow,
  type ProfileCompletionSnapshot,
  type ProfileFields,
} from './auth/profile/profile-completion-flow.ts'
