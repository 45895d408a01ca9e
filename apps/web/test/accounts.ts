import { DEMO_PASSWORD, type SeedUser } from '@coursekit/mock-server'

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

export const testLearnerSeeds: SeedUser[] = journeys.map((journey, index) => {
  const { email, password, nickname } = testLearner(journey)
  return {
    email,
    password,
    profile: {
      name: `테스트${index + 1}`,
      nickname,
      phone: `010-9000-${String(index).padStart(4, '0')}`,
      provider: 'EMAIL',
      oauthProviders: ['EMAIL'],
    },
  }
})
