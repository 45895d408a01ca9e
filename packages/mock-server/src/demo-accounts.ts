import type { SeedUser } from './users.ts'

/**
 * The accounts a fresh backend starts with. Printed by `npm start` and `coursekit serve` so people can sign in at once;
 * tests use them by these constants.
 */
export const DEMO_PASSWORD = 'coursekit-demo-1'
export const LEGACY_PASSWORD = 'legacy-password-1'

export const demoAccounts = {
  learner: {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'learner@coursekit.dev',
    password: DEMO_PASSWORD,
    profile: { name: '김하늘', nickname: '하늘', phone: '010-1234-5678', provider: 'EMAIL', oauthProviders: ['EMAIL'] },
  },
  admin: {
    id: '00000000-0000-4000-8000-000000000002',
    email: 'admin@coursekit.dev',
    password: DEMO_PASSWORD,
    profile: {
      name: '관리자',
      nickname: '운영팀',
      phone: '010-0000-0001',
      role: 'ADMIN',
      provider: 'EMAIL',
      oauthProviders: ['EMAIL'],
    },
  },
  incomplete: {
    id: '00000000-0000-4000-8000-000000000003',
    email: 'newbie@coursekit.dev',
    password: DEMO_PASSWORD,
    profile: { name: '이새롬', nickname: null, phone: null, provider: 'EMAIL', oauthProviders: ['EMAIL'] },
  },
  unconfirmed: {
    id: '00000000-0000-4000-8000-000000000004',
    email: 'unconfirmed@coursekit.dev',
    password: DEMO_PASSWORD,
    emailConfirmed: false,
    profile: { name: '박미정', nickname: '미정', phone: '010-2222-3333', provider: 'EMAIL', oauthProviders: ['EMAIL'] },
  },
  inactive: {
    id: '00000000-0000-4000-8000-000000000005',
    email: 'inactive@coursekit.dev',
    password: DEMO_PASSWORD,
    profile: {
      name: '최휴면',
      nickname: '휴면',
      phone: '010-4444-5555',
      status: 0,
      provider: 'EMAIL',
      oauthProviders: ['EMAIL'],
    },
  },
  google: {
    id: '00000000-0000-4000-8000-000000000006',
    email: 'google.learner@coursekit.dev',
    providers: ['google'],
    profile: {
      name: '정구글',
      nickname: '구글러',
      phone: '010-6666-7777',
      provider: 'GOOGLE',
      oauthProviders: ['GOOGLE'],
    },
  },
} as const satisfies Record<string, SeedUser>

/** Known only to the old platform: verify-legacy-password accepts it, Supabase Auth has no such user. */
export const legacyAccount = {
  userId: 'legacy-10001',
  email: 'legacy@coursekit.dev',
  password: LEGACY_PASSWORD,
} as const
