import type { SeedUser } from '@coursekit/mock-server'
import type { Account } from '../run/account.ts'

/**
 * The users of a simulation against the embedded backend: seeded accounts with complete profiles
 * (so sign-in goes straight to the device session), named u0001, u0002, ... Ids and addresses are
 * fixed by the index, so runs with one seed are alike. The password is made per run, lives only in
 * memory and is never printed.
 */
export function simulatedUserName(index: number, count: number): string {
  return `u${pad(index + 1, count)}`
}

export function simulatedDeviceName(index: number, count: number): string {
  return `d${pad(index + 1, count)}`
}

export function simulatedAccount(index: number, count: number, password: string): Account & { seed: SeedUser } {
  const name = simulatedUserName(index, count)
  const email = `sim-${name}@coursekit.test`
  const serial = index + 1
  return {
    name,
    email,
    password,
    seed: {
      id: `00000000-0000-4000-a000-${serial.toString(16).padStart(12, '0')}`,
      email,
      password,
      profile: {
        name: `시뮬레이션 ${serial}`,
        nickname: `sim${serial}`,
        phone: `010-9${String(serial).padStart(7, '0')}`,
        provider: 'EMAIL',
        oauthProviders: ['EMAIL'],
      },
    },
  }
}

/** A password for this run's seeded users (random, never shown). */
export function runPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return `sim-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

const pad = (n: number, count: number) => String(n).padStart(Math.max(4, String(count).length), '0')
