/** The app routes of spec section 2 that the core navigates to or reasons about. */
export const routes = {
  home: '/',
  signIn: '/sign/in',
  /** Followed by `{userId}/{email}`. */
  signCompletePrefix: '/sign/complete/',
  resetPasswordConfirm: '/sign/reset-password/confirm',
  authCallback: '/auth/callback',
  admin: '/admin',
} as const

/** Auth-failure redirects never happen on a path containing /sign/complete/ (spec section 2). */
export function suppressesAuthRedirect(pathname: string): boolean {
  return pathname.includes(routes.signCompletePrefix)
}

/**
 * The admin area: `/admin` and everything under it (not `/administrator`). Session tracking and
 * visit analytics skip it (spec sections 2 and 6), also when the app moves there without a page load.
 */
export function isAdminPath(pathname: string): boolean {
  return pathname === routes.admin || pathname.startsWith(`${routes.admin}/`)
}
