import type { SignUpConsent } from '@coursekit/core/flows'
import type { SignUpView } from '@coursekit/react'
import { type ReactNode, useId } from 'react'

const consentLabels: Record<SignUpConsent, string> = {
  terms: '이용약관 동의',
  privacy: '개인정보 수집·이용 동의',
  age14: '만 14세 이상입니다',
}

const box = 'size-3 shrink-0 accent-brand-strong'

/**
 * The consents Korean services ask at sign-up: 전체 동의 ticks (or unticks) all; each required one
 * says so; a submit without them marks the missing ones and says what to do under the list.
 */
export function SignUpConsents({ signUp }: { signUp: SignUpView }): ReactNode {
  const errorId = useId()
  const missing = signUp.fieldErrors.consents ?? []
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={missing.length > 0 ? errorId : undefined}>
      <legend className="mb-1 font-semibold text-sm">약관 동의</legend>
      <label className="flex min-h-6 items-center gap-1 rounded-lg border border-gray-300 bg-white px-1.5 font-semibold">
        <input
          type="checkbox"
          name="allConsents"
          className={box}
          checked={signUp.allConsented}
          onChange={(event) => signUp.setAllConsents(event.target.checked)}
        />
        전체 동의
      </label>
      <ul className="flex flex-col px-1.5">
        {(Object.keys(consentLabels) as SignUpConsent[]).map((consent) => (
          <li key={consent}>
            <label className="flex min-h-5 items-center gap-1 text-sm">
              <input
                type="checkbox"
                name={consent}
                className={box}
                checked={signUp.consents[consent]}
                aria-invalid={missing.includes(consent) ? true : undefined}
                aria-describedby={missing.includes(consent) ? errorId : undefined}
                onChange={(event) => signUp.setConsent(consent, event.target.checked)}
              />
              <span>
                <span className="text-brand-strong">(필수)</span> {consentLabels[consent]}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {missing.length > 0 && (
        <p id={errorId} className="text-red-700 text-sm">
          필수 약관에 모두 동의해주세요.
        </p>
      )}
    </fieldset>
  )
}
