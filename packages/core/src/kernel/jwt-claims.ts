/**
 * The payload of a JWT, decoded without verifying it: the client reads its own token's `sub` and
 * `exp` (spec section 3), and the server is the one that checks signatures. Null if malformed.
 */
// One decoder for every call: constructing one costs more than decoding a token's payload.
const utf8 = new TextDecoder()

export function decodeJwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
    // A plain loop, not Uint8Array.from with a map callback (a call per byte): a simulation decodes a
    // token at every refresh of thousands of devices; `npm run bench:instructions` counts a refresh.
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    const claims: unknown = JSON.parse(utf8.decode(bytes))
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}
