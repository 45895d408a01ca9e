/** The storage keys and cookie names of spec section 3, written once. */
export const storageKeys = {
  authToken: 'auth_token',
  authProfile: 'auth_profile',
  sessionId: 'session_id',
  analyticsSessionId: 'analytics_session_id',
  returningUser: 'returning_user',
  lastLoginInfo: 'lastLoginInfo',
  redirectAfterOAuth: 'redirectAfterOAuth',
  /**
   * Not in the spec: where supabase-js keeps its session (refresh token included) and, under
   * `${key}-code-verifier`, the PKCE verifier between the OAuth start and the callback.
   */
  supabaseAuth: 'coursekit.supabase.auth',
  /**
   * Not in the spec: how far this device's clock is from the auth server's, in ms (ahead is
   * positive), as last measured on a token that had just arrived; absent while within tolerance.
   */
  serverClockOffset: 'coursekit.auth.serverClockOffset',
  /**
   * Not in the spec: each lesson's resume position and whether it was finished, on this device
   * (decisions.md), per account: the key is this, a dot and the user id. Alone it is the key of the
   * progress kept before it was per account, dropped at load.
   */
  lessonProgress: 'coursekit.lessonProgress',
  /** Not in the spec: the playback speed the learner chose last, on this device. */
  playbackRate: 'coursekit.playbackRate',
  /** Not in the spec: whether the learner turned the player's captions on (`on`) or off (`off`), on this device. */
  captions: 'coursekit.captions',
  /**
   * Not in the spec: the accounts whose signup conversion this browser has sent (a JSON list of
   * user ids), so a reloaded confirmation link or another tab does not count a sign-up twice.
   */
  signupConversions: 'coursekit.signupConversions',
  /**
   * Not in the spec: the Google or Kakao sign-in refused with ACCOUNT_CONFLICT that the person chose
   * to link after signing in with the existing account (JSON: email, provider, since).
   */
  accountLinkPending: 'coursekit.accountLinkPending',
  /**
   * Not in the spec: the address a confirmation or reset mail was last asked for, per purpose
   * (JSON: { signup?, recovery? } of { email, at }), so an expired link offers a new one at once.
   */
  mailedAddresses: 'coursekit.mailedAddresses',
} as const

export const sessionStorageKeys = {
  profileRedirectCount: 'profileRedirectCount',
  logoutInProgress: 'logoutInProgress',
  /** Not in the spec: where the person was going when sent to the completion page (decisions.md). */
  profileReturnTo: 'profileReturnTo',
} as const

export const cookieNames = {
  authToken: 'auth_token',
  userRoleInfo: 'user_role_info',
} as const

/** Not in the spec: the names of the channels between tabs (platform.broadcast). */
export const broadcastChannels = {
  /** Sign-out in one tab signs the others out. */
  auth: 'coursekit.auth',
  /** A lesson's progress saved in one tab is read again by the others. */
  lessonProgress: 'coursekit.lessonProgress',
} as const

/** Not in the spec: the names of the locks the tabs of one browser share (platform.locks). */
export const lockNames = {
  /**
   * One token refresh at a time: the tabs share one stored session and its refresh token. Also the
   * broadcast channel on which the refreshing tab tells the others the new session.
   */
  tokenRefresh: 'coursekit.auth.refresh',
} as const
