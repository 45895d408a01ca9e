/**
 * What the API client needs to know about authentication, and the two things it may ask for. The
 * auth service implements it; `tokenStoreApiAuth` is the stand-alone fallback.
 */
export interface ApiAuthPort {
  /** The current access token, or null when signed out. */
  getAccessToken(): Promise<string | null> | string | null
  /** The signed-in user's id, or null. Calls that need "the current user" check it. */
  getUserId(): string | null
  /**
   * Null once auth has initialised; while the session is still being restored at startup, a promise
   * that resolves (never rejects) when it is, so a request needing auth waits on it and goes on in
   * that same turn (section 5).
   */
  whenInitialized(): Promise<void> | null
  isAuthenticated(): boolean
  /**
   * Refreshes the access token; resolves true on success. The API client calls it at most once at a
   * time however many requests fail together.
   */
  refresh(): Promise<boolean>
  /** Signs out after a failed refresh. */
  logout(): Promise<void>
  /** While a video plays, a 401 neither redirects nor logs out (section 4). */
  isVideoPlaying(): boolean
  /** True while a logout runs; a 401 meanwhile changes nothing, so logouts do not repeat. */
  readonly logoutInProgress: boolean
}
