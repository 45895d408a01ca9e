/**
 * What the auth commands take: sign-up input, the OAuth providers and start options.
 */

export type { SignUpInput } from './auth-account.ts'
export type { OAuthProvider, OAuthStartOptions } from './oauth-sign-in.ts'
