/*
 * The auth service's commands that only the sign-in, sign-up, password and profile-completion pages
 * run, and the ones that change the account: one chunk, loaded with the first of them (auth-service.ts), so no visitor's first paint
 * carries them.
 */
export { completeAccountLink } from './flows/account-link-completion.ts'
export { resendConfirmation, signUp } from './flows/auth-account.ts'
export { requestPasswordReset, updatePassword } from './flows/auth-password-reset.ts'
export { signInWithPassword } from './flows/auth-password-sign-in.ts'
export { startOAuthSignIn } from './flows/oauth-sign-in.ts'
export { createProfileAccountCommands } from './profile/profile-account-commands.ts'
export { createProfileCompletionCommands } from './profile/profile-completion-commands.ts'
