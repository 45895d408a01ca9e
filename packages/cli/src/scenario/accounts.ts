import { DEMO_PASSWORD, demoAccounts, type SeedUser } from '@coursekit/mock-server'
import type { Account } from '../run/account.ts'
import type { Scenario } from './schema.ts'

/** A scenario that cannot run as written for this target (a password it cannot find). Exit code 2. */
export class ScenarioSetupError extends Error {
  override readonly name = 'ScenarioSetupError'
}

export interface ScenarioAccounts {
  /** User name -> account. */
  accounts: Map<string, Account>
  /** Accounts the embedded backend must be seeded with (not the demo accounts it has). */
  seeds: SeedUser[]
}

const demoByEmail = new Map<string, string>(
  Object.values(demoAccounts)
    .filter((account) => 'password' in account)
    .map((account) => [account.email, DEMO_PASSWORD]),
)

/**
 * The scenario's users as accounts. Without `users`, one user `learner`: the demo learner. A demo
 * account's password is known; another user's comes from the file (`password`) or the environment
 * (`password-env`); against the embedded backend a user with neither gets a made-up password and is
 * seeded with a complete profile.
 */
export function scenarioAccounts(
  scenario: Scenario,
  options: { embedded: boolean; env: Record<string, string | undefined> },
): ScenarioAccounts {
  const users = scenario.users ?? { learner: { email: demoAccounts.learner.email } }
  const accounts = new Map<string, Account>()
  const seeds: SeedUser[] = []
  let serial = 0
  for (const [name, user] of Object.entries(users)) {
    serial++
    const email = user.email.trim().toLowerCase()
    let password = user.password
    if (user['password-env'] !== undefined) {
      password = options.env[user['password-env']]
      if (!password)
        throw new ScenarioSetupError(`user "${name}": the environment variable ${user['password-env']} is not set`)
    }
    const demoPassword = demoByEmail.get(email)
    if (password === undefined) password = demoPassword
    if (password === undefined) {
      if (!options.embedded) {
        throw new ScenarioSetupError(`user "${name}" needs a password (password-env) to sign in to a deployment`)
      }
      password = `scenario-${crypto.randomUUID()}`
    }
    accounts.set(name, { name, email, password })
    if (options.embedded && demoPassword === undefined) {
      seeds.push({
        email,
        password,
        profile: {
          name: `시나리오 ${name}`,
          nickname: name,
          phone: `010-8${String(serial).padStart(7, '0')}`,
          provider: 'EMAIL',
          oauthProviders: ['EMAIL'],
        },
      })
    }
  }
  return { accounts, seeds }
}
