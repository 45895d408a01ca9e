import { DEMO_PASSWORD, type LegacySeed, type SeedUser } from '@coursekit/mock-server'

/**
 * Learners seeded into the tests' backend besides the demo accounts, one per journey that signs
 * in: journeys run side by side, and each signed-in browser holds one of its account's device
 * slots, so no two share an account by accident.
 */
const journeys = [
  'redirect',
  'hostile-1',
  'hostile-2',
  'hostile-3',
  'hostile-4',
  'keyboard',
  'tabs',
  'logout',
  'expired',
  'axe',
  'oauth-linked',
  'oauth-hostile',
  'reset',
  'reset-keyboard',
  'reset-elsewhere',
  'reset-wait',
  'signup-again',
  'limit',
  'limit-keyboard',
  'limit-axe',
  'admin-target',
  'not-admin',
  'admin',
  'courses-return',
  'my-courses',
  'my-courses-empty',
  'courses-axe-390',
  'courses-axe-1280',
  'devices',
  'devices-self',
  'devices-keyboard',
  'devices-axe',
  'devices-offline',
  'devices-redirect',
  'evicted-removed',
  'evicted-lease',
  'beats-idle',
  'beats-tabs',
  'beats-reload',
  'player-conflict',
  'player-heartbeats',
  'player-401',
  'player-resume',
  'player-next',
  'player-keyboard',
  'player-webm',
  'player-axe',
  'player-signin',
  'player-leave',
  'axe-reset-390',
  'axe-reset-1280',
  'expired-at-start',
  'clock-ahead',
  'webkit-player',
  'webkit-conflict',
  'webkit-limit',
  'webkit-devices',
  'webkit-logout',
  'materials',
  'desktop-sign-in',
  'desktop-limit',
  'desktop-watch',
  'desktop-leave',
  'desktop-materials',
  'desktop-sign-out',
  'desktop-store-fails',
  'desktop-offline',
  'webkit-tabs',
  'courses-progress',
  'devices-retry',
  'devices-forgotten',
  'shared-a',
  'shared-b',
  'limit-refused',
  'limit-removal',
  'api-failures',
  'public-calls',
  'auth-js-stored',
  'auth-js-sign-in',
  'sign-target',
  'unauthenticated-401',
  'player-touch',
  'player-countdown',
  'player-end',
  'player-last',
  'player-captions',
  'desktop-captions',
  'toasts-sign-in',
  'toasts-limit',
  'header-phone',
  'header-keyboard',
  'header-touch',
  'header-menu-fails',
  'header-admin',
  'header-axe-390',
  'header-axe-1280',
  'header-code-fails',
  'evicted-reload',
  'evicted-return',
  'devices-reread',
  'dialog-layout',
  'dev-inbox',
  'device-engine',
] as const

export type Journey = (typeof journeys)[number]

export interface TestLearner {
  email: string
  password: string
  nickname: string
}

export function testLearner(journey: Journey): TestLearner {
  const index = journeys.indexOf(journey)
  return { email: `${journey}@coursekit.test`, password: DEMO_PASSWORD, nickname: `학습자${index + 1}` }
}

/** The account of the admin journey (journey 'admin'). */
export const adminJourney: Journey = 'admin'

/** The journeys whose account has the admin role; every other journey's is a learner. */
const adminJourneys: readonly Journey[] = [adminJourney, 'header-admin']

const completeLearnerSeeds: SeedUser[] = journeys.map((journey, index) => {
  const { email, password, nickname } = testLearner(journey)
  return {
    email,
    password,
    profile: {
      name: `테스트${index + 1}`,
      nickname,
      phone: `010-9000-${String(index).padStart(4, '0')}`,
      role: adminJourneys.includes(journey) ? 'ADMIN' : 'USER',
      provider: 'EMAIL',
      oauthProviders: ['EMAIL'],
    },
  }
})

/** An e-mail account the platform has not activated (status 0): OAuth with its address needs verification. */
export const inactiveLearnerEmail = 'oauth-inactive@coursekit.test'

/** Signed up by e-mail with only a name: the completion page's redirects are counted on them. */
export const incompleteLearner = {
  email: 'redirect-limit@coursekit.test',
  password: DEMO_PASSWORD,
  name: '미완성',
} as const

/** Known only to the old platform: Kakao with its address is ACCOUNT_CONFLICT, and the journey links Kakao to it. */
export const linkLegacyAccount: LegacySeed = {
  userId: 'legacy-30001',
  email: 'link.legacy@coursekit.test',
  password: 'legacy-link-pass-1',
}

/** A complete platform record the platform has not activated (status 0): a password sign-in is refused. */
export const inactivePasswordLearner = { email: 'signin-inactive@coursekit.test', password: DEMO_PASSWORD } as const

/** Signed up, the e-mail never confirmed: a password sign-in mails the confirmation again. */
export const unconfirmedLearner = { email: 'signin-unconfirmed@coursekit.test', password: DEMO_PASSWORD } as const

/** Signed up by e-mail with only a name, like incompleteLearner, for the journeys on the completion page's rules. */
export const incompleteExpiringLearner = {
  email: 'complete-expired@coursekit.test',
  password: DEMO_PASSWORD,
  name: '만료',
} as const

/** Signed up with a name and no nickname: the header greets them by name. */
export const nameOnlyLearner = { email: 'header-name-only@coursekit.test', password: DEMO_PASSWORD, name: '이름만' }

/** Signed up with neither a name nor a nickname: the header greets them as 회원님. */
export const namelessLearner = { email: 'header-nameless@coursekit.test', password: DEMO_PASSWORD }

export const testLearnerSeeds: SeedUser[] = [
  ...completeLearnerSeeds,
  {
    email: inactiveLearnerEmail,
    password: DEMO_PASSWORD,
    profile: {
      name: '휴면학습자',
      nickname: '휴면',
      phone: '010-9100-0001',
      status: 0,
      provider: 'EMAIL',
      oauthProviders: ['EMAIL'],
    },
  },
  {
    email: inactivePasswordLearner.email,
    password: inactivePasswordLearner.password,
    profile: {
      name: '미활성',
      nickname: '미활성',
      phone: '010-9100-0002',
      status: 0,
      provider: 'EMAIL',
      oauthProviders: ['EMAIL'],
    },
  },
  {
    email: unconfirmedLearner.email,
    password: unconfirmedLearner.password,
    emailConfirmed: false,
    profile: {
      name: '미인증',
      nickname: '미인증',
      phone: '010-9100-0003',
      provider: 'EMAIL',
      oauthProviders: ['EMAIL'],
    },
  },
  {
    email: incompleteExpiringLearner.email,
    password: incompleteExpiringLearner.password,
    profile: {
      name: incompleteExpiringLearner.name,
      nickname: null,
      phone: null,
      provider: 'EMAIL',
      oauthProviders: ['EMAIL'],
    },
  },
  {
    email: nameOnlyLearner.email,
    password: nameOnlyLearner.password,
    profile: { name: nameOnlyLearner.name, nickname: null, phone: null, provider: 'EMAIL', oauthProviders: ['EMAIL'] },
  },
  {
    email: namelessLearner.email,
    password: namelessLearner.password,
    profile: { name: null, nickname: null, phone: null, provider: 'EMAIL', oauthProviders: ['EMAIL'] },
  },
  {
    email: incompleteLearner.email,
    password: incompleteLearner.password,
    profile: {
      name: incompleteLearner.name,
      nickname: null,
      phone: null,
      provider: 'EMAIL',
      oauthProviders: ['EMAIL'],
    },
  },
]
