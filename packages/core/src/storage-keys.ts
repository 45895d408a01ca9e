/** The storage keys and cookie names of spec section 3, written once. */
export const storageKeys = {
  authToken: 'auth_token',
  authProfile: 'auth_profile',
  sessionId: 'session_id',
  analyticsSessionId: 'analytics_session_id',
  returningUser: 'returning_user',
  lastLoginInfo: 'lastLoginInfo',
  redirectAfterOAuth: 'redirectAfterOAuth',
} as const

export const sessionStorageKeys = {
  profileRedirectCount: 'profileRedirectCount',
  logoutInProgress: 'logoutInProgress',
} as const

export const cookieNames = {
  authToken: 'auth_token',
  userRoleInfo: 'user_role_info',
} as const
