/**
 * The `state` parameter the OAuth start puts on the /auth/callback URL (spec section 2): an encoded
 * `{ redirectAfterLogin }`. Base64url of JSON, so it survives any URL handling untouched. Reading
 * it back never trusts it: the caller still passes the path through `safeRedirectPath`.
 */
export interface OAuthCallbackState {
  redirectAfterLogin: string
  /** The provider the sign-in started with: a hint for the callback, which trusts the session first. */
  provider?: string
}

export function encodeOAuthState(state: OAuthCallbackState): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The state parameter read back, or null when there is none or it cannot be read. */
export function decodeOAuthState(raw: string | null | undefined): Partial<OAuthCallbackState> | null {
  if (!raw) return null
  for (const decode of [fromBase64Url, fromUriComponent]) {
    const value = parseState(decode(raw))
    if (value !== null) return value
  }
  return null
}

function fromBase64Url(raw: string): string | null {
  try {
    const base64 = raw.replace(/-/g, '+').replace(/_/g, '/')
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
  } catch {
    return null
  }
}

/** Older links carried the JSON percent-encoded; read them too. */
function fromUriComponent(raw: string): string | null {
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}

function parseState(text: string | null): Partial<OAuthCallbackState> | null {
  if (text === null) return null
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null) return null
    const { redirectAfterLogin, provider } = parsed as Record<string, unknown>
    const state: Partial<OAuthCallbackState> = {}
    if (typeof redirectAfterLogin === 'string' && redirectAfterLogin !== '')
      state.redirectAfterLogin = redirectAfterLogin
    if (typeof provider === 'string' && provider !== '') state.provider = provider
    return Object.keys(state).length > 0 ? state : null
  } catch {
    return null
  }
}
