import { sha256 } from '@noble/hashes/sha2.js'
import { base64url } from 'jose'
import { AuthError } from './errors.ts'

export type CodeChallengeMethod = 's256' | 'plain'

export interface CodeChallenge {
  challenge: string
  method: CodeChallengeMethod
}

const CHALLENGE_FORMAT = /^[a-zA-Z._~0-9-]{43,128}$/

/**
 * The PKCE parameters of a request that starts a flow: null for the implicit flow (no challenge),
 * a GoTrue 400 for half a pair or a malformed challenge.
 */
export function readCodeChallenge(
  challenge: string | null | undefined,
  method: string | null | undefined,
): CodeChallenge | null {
  const hasChallenge = typeof challenge === 'string' && challenge !== ''
  const hasMethod = typeof method === 'string' && method !== ''
  if (!hasChallenge && !hasMethod) return null
  if (!hasChallenge || !hasMethod) {
    throw new AuthError(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge')
  }
  if (!CHALLENGE_FORMAT.test(challenge)) {
    throw new AuthError(
      400,
      'validation_failed',
      'code challenge has to be between 43 and 128 characters of letters, digits, hyphens, periods, underscores and tildes',
    )
  }
  const lower = method.toLowerCase()
  if (lower !== 's256' && lower !== 'plain') {
    throw new AuthError(400, 'validation_failed', `Unsupported code_challenge_method: ${method}`)
  }
  return { challenge, method: lower }
}

/** RFC 7636: s256 compares base64url(sha256(verifier)) without padding; plain compares as is. */
export async function verifierMatches(expected: CodeChallenge, verifier: string): Promise<boolean> {
  const actual = expected.method === 'plain' ? verifier : await s256(verifier)
  return constantTimeEqual(actual, expected.challenge)
}

/** Synchronous (noble, not WebCrypto), so a code exchange on a simulated clock needs no real turn of the event loop. */
export async function s256(verifier: string): Promise<string> {
  return base64url.encode(sha256(new TextEncoder().encode(verifier)))
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}
