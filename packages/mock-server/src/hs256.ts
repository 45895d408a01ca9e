import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64url } from 'jose'

const encoder = new TextEncoder()
const strictDecoder = new TextDecoder('utf-8', { fatal: true })

/** The only header this backend signs with: GoTrue's, byte for byte as jose's SignJWT wrote it. */
const HEADER = base64url.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))

/** Three non-empty base64url parts: no padding, no whitespace, nothing a lenient decoder would forgive. */
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/

/**
 * HS256 compact JWTs, signed and checked synchronously in plain JavaScript (noble), so a caller on
 * a simulated clock gets its answer in the same turn, in a browser as in Node. WebCrypto would
 * answer from the thread pool, on a later turn of the real event loop.
 */
export class Hs256 {
  /** The key already mixed into the HMAC state: each MAC clones it instead of rehashing the key. */
  readonly #keyed: ReturnType<typeof hmac.create>

  constructor(key: Uint8Array) {
    this.#keyed = hmac.create(sha256, key)
  }

  sign(payload: object): string {
    const signingInput = `${HEADER}.${base64url.encode(JSON.stringify(payload))}`
    return `${signingInput}.${base64url.encode(this.#mac(signingInput))}`
  }

  /**
   * The payload of a well-formed token with an HS256 header and a valid signature, or null; never
   * throws. The claims in it (exp, aud, …) are the caller's to check.
   */
  verify(token: string): Record<string, unknown> | null {
    if (!COMPACT_JWS.test(token)) return null
    const [header = '', payload = '', signature = ''] = token.split('.')
    try {
      if (!isHs256Header(decodeJson(header))) return null
      if (!equalBytes(base64url.decode(signature), this.#mac(`${header}.${payload}`))) return null
      const claims = decodeJson(payload)
      return isPlainObject(claims) ? claims : null
    } catch {
      return null
    }
  }

  #mac(signingInput: string): Uint8Array {
    return this.#keyed.clone().update(encoder.encode(signingInput)).digest()
  }
}

function decodeJson(part: string): unknown {
  return JSON.parse(strictDecoder.decode(base64url.decode(part)))
}

/** `none` and every other algorithm are refused; so is `crit`, since no extension is understood here. */
function isHs256Header(header: unknown): boolean {
  return isPlainObject(header) && header.alg === 'HS256' && !('crit' in header)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Constant time in the contents: how much of a forged signature matches must not show in the timing. */
function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return diff === 0
}
