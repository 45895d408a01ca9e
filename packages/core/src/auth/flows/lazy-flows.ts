import { lazyChunk } from '../../kernel/lazy-chunk.ts'

/*
 * The flows an app does not run at start, each loaded on its first use (its own chunk in an app's
 * bundle). Their commands are async already; the auth service answers a failed load with an
 * AuthFailure of code CHUNK_LOAD_FAILED. The OAuth callback is not among them: its page runs it at
 * start, and its retries wait on the client's clock, which a simulated clock would run past a load.
 */

export const accountFlows = /* @__PURE__ */ lazyChunk('account creation', () => import('./auth-account.ts'))

export const passwordResetFlows = /* @__PURE__ */ lazyChunk('password reset', () => import('./auth-password-reset.ts'))

export const oauthSignInFlow = /* @__PURE__ */ lazyChunk('OAuth sign-in', () => import('./oauth-sign-in.ts'))
