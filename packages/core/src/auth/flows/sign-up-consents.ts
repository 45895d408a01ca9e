/**
 * The consents a sign-up asks for, as Korean services ask them (decisions.md, "Sign-up consent"):
 * 이용약관, 개인정보 수집·이용 and 만 14세 이상, each required. They travel as the sign-up's user
 * metadata (`consents`, with the time they were given), where the auth server keeps them.
 */
export const SIGN_UP_CONSENTS = ['terms', 'privacy', 'age14'] as const

export type SignUpConsent = (typeof SIGN_UP_CONSENTS)[number]

/** Which consents were given; a missing key is not given. */
export type SignUpConsents = Readonly<Partial<Record<SignUpConsent, boolean>>>

/** The required consents not given, in the form's order. */
export function missingConsents(consents: SignUpConsents | undefined): SignUpConsent[] {
  return SIGN_UP_CONSENTS.filter((consent) => consents?.[consent] !== true)
}

/** The user metadata recording them: each consent given, and when (ISO 8601, the client's clock). */
export function consentMetadata(consents: SignUpConsents, now: number): Record<string, boolean | string> {
  const given: Record<string, boolean | string> = {}
  for (const consent of SIGN_UP_CONSENTS) given[consent] = consents[consent] === true
  given.agreedAt = new Date(now).toISOString()
  return given
}
