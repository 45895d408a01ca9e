import { demoAccounts } from '../demo-accounts.ts'
import type { AuthProvider } from '../users.ts'
import { AuthError } from './errors.ts'

export type OAuthProvider = Exclude<AuthProvider, 'email'>

export interface TestIdentity {
  email: string
  name: string
  /** What choosing it demonstrates, shown on the consent page. */
  note: string
}

interface ProviderInfo {
  label: string
  issuer: string
  identities: readonly TestIdentity[]
}

/** The providers the consent page stands in for, with identities a developer can pick with one click. */
export const OAUTH_PROVIDERS: Record<OAuthProvider, ProviderInfo> = {
  google: {
    label: 'Google',
    issuer: 'https://accounts.google.com',
    identities: [
      { email: demoAccounts.google.email, name: '정구글', note: '이미 Google로 가입한 계정' },
      { email: 'new.google@coursekit.dev', name: '한새봄', note: '처음 로그인하는 새 계정' },
      { email: demoAccounts.learner.email, name: '김하늘', note: '이메일 계정에 Google 연결' },
    ],
  },
  kakao: {
    label: '카카오',
    issuer: 'https://kauth.kakao.com',
    identities: [
      { email: 'kakao.learner@coursekit.dev', name: '카카오 학습자', note: '처음 로그인하는 새 계정' },
      { email: demoAccounts.learner.email, name: '김하늘', note: '이메일 계정에 카카오 연결' },
    ],
  },
}

export function oauthProvider(name: string | undefined): OAuthProvider {
  if (name === 'google' || name === 'kakao') return name
  throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled')
}
