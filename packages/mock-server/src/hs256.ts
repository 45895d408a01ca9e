import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64url } from 'jose'

const encoder = new TextEncoder()
const strictDecoder = new TextDecoder('utf-8', { fatal: true })

/**
 * Node's own HMAC and base64url where the host is Node (native, two to three times as fast: a
 * simulation signs a token per device every hour); noble's and jose's elsewhere, such as a browser
 * hosting the handlers through msw. `getBuiltinModule` reaches it without an import a bundler
 * would try to follow.
 */
const nodeCrypto = globalThis.process?.getBuiltinModule?.('node:crypto')
const NodeBuffer = globalThis.process?.getBuiltinModule?.('node:buffer')?.Buffer

interface Primitives {
  mac(input: string): Uint8Array
  encode(input: string | Uint8Array): string
  decode(input: string): Uint8Array
}

function primitives(key: Uint8Array, portable: boolean): Primitives {
  if (!portable && nodeCrypto && NodeBuffer) {
    const Buffer = NodeBuffer
    const secret = nodeCrypto.createSecretKey(key)
    return {
      mac: (input) => nodeCrypto.createHmac('sha256', secret).update(input).digest(),
      encode: (input) =>
        (typeof input === 'string'
          ? Buffer.from(input)
          : Buffer.from(input.buffer, input.byteOffset, input.byteLength)
        ).toString('base64url'),
      decode: (input) => Buffer.from(input, 'base64url'),
    }
  }
  // The key already mixed into the HMAC state: each MAC clones it instead of rehashing the key.
  const keyed = hmac.create(sha256, key)
  return {
    mac: (input) => keyed.clone().update(encoder.encode(input)).digest(),
    encode: (input) => base64url.encode(input),
    decode: (input) => base64url.decode(input),
  }
}

/** The only header this backend signs with: GoTrue's, byte for byte as jose's SignJWT wrote it. */
const HEADER = base64url.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))

/** Three non-empty base64url parts: no padding, no whitespace, nothing a lenient decoder would forgive. */
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/

/**
 * HS256 compact JWTs, signed and checked synchronously (node:crypto on Node, noble elsewhere), so a
 * caller on a simulated clock gets its answer in the same turn, in a browser as in Node. WebCrypto
 * would answer from the thread pool, on a later turn of the real event loop.
 */
export class Hs256 {
  readonly #with: Primitives

  /** `portable`: noble's and jose's code even on Node (tests hold the two to the same answers). */
  constructor(key: Uint8Array, options: { portable?: boolean } = {}) {
    this.#with = primitives(key, options.portable === true)
  }

  sign(payload: object): string {
    const signingInput = `${HEADER}.${this.#with.encode(JSON.stringify(payload))}`
    return `${signingInput}.${this.#with.encode(this.#with.mac(signingInput))}`
  }

  /**
   * The payload of a well-formed token with an HS256 header and a valid signature, or null; never
   * throws. The claims in it (exp, aud, …) are the caller's to check.
   */
  verify(token: string): Record<string, unknown> | null {
    if (!COMPACT_JWS.test(token)) return null
    const [header = '', payload = '', signature = ''] = token.split('.')
    try {
      if (!isHs256Header(this.#decodeJson(header))) return null
      if (!equalBytes(this.#with.decode(signature), this.#with.mac(`${header}.${payload}`))) return null
      const claims = this.#decodeJson(payload)
      return isPlainObject(claims) ? claims : null
    } catch {
      return null
    }
  }

  #decodeJson(part: string): unknown {
    return JSON.parse(strictDecoder.decode(this.#with.decode(part)))
  }
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
