import { clientErrorCodes } from '../api/api-error.ts'
import type { AuthFailure, RecordFailure } from './auth-command-results.ts'
import type { ProfileAccountCommands } from './profile/profile-account-commands.ts'
import type { ProfileCompletionCommands } from './profile/profile-completion-commands.ts'

type AuthCommands = typeof import('./auth-commands.ts')
type CompletionDeps = Parameters<AuthCommands['createProfileCompletionCommands']>[0]
type AccountDeps = Parameters<AuthCommands['createProfileAccountCommands']>[0]

/**
 * The commands of the sign-in, sign-up, password and profile-completion pages: one chunk
 * (auth-commands.ts), loaded with the first of them (or by preload on those pages), never on a first
 * paint elsewhere. A load that fails is that command's failure, as a request that could not go; the
 * next one tries again.
 */
export interface AuthCommandsChunk {
  load(): Promise<AuthCommands>
  /** A command that runs `run` once the chunk is here; a chunk that does not come is a NETWORK_ERROR failure. */
  command<Args extends unknown[], Result>(
    run: (loaded: AuthCommands, ...args: Args) => Promise<Result>,
  ): (...args: Args) => Promise<Result | AuthFailure>
  /** The profile-completion commands, made once, from the loaded chunk. */
  completion(loaded: AuthCommands): ProfileCompletionCommands
  /** The account commands (name, providers, activation), made once, from the loaded chunk. */
  account(loaded: AuthCommands): ProfileAccountCommands
}

export function authCommandsChunk(deps: {
  fail: RecordFailure
  completion: CompletionDeps
  account: AccountDeps
}): AuthCommandsChunk {
  let loading: Promise<AuthCommands> | null = null
  let completion: ProfileCompletionCommands | null = null
  let account: ProfileAccountCommands | null = null
  const load = () =>
    (loading ??= import('./auth-commands.ts').catch((error: unknown) => {
      loading = null
      throw error
    }))
  return {
    load,
    command:
      (run) =>
      async (...args) => {
        let loaded: AuthCommands
        try {
          loaded = await load()
        } catch {
          return deps.fail('request failed: network error', clientErrorCodes.network)
        }
        return run(loaded, ...args)
      },
    completion: (loaded) => (completion ??= loaded.createProfileCompletionCommands(deps.completion)),
    account: (loaded) => (account ??= loaded.createProfileAccountCommands(deps.account)),
  }
}
