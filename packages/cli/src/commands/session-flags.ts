import type { Command } from 'commander'
import type { Account } from '../run/account.ts'
import { accountFromEnv } from '../target/credentials.ts'
import { addTargetFlags, LOCAL_MOCK_URL, type RemoteTarget, remoteTarget, type TargetFlags } from '../target/flags.ts'
import { UsageError } from '../terminal/exit-codes.ts'
import type { CliIo } from '../terminal/io.ts'

export interface SessionFlags extends TargetFlags {
  email?: string
  json?: boolean
}

/** Target flags (default: a `coursekit serve` on this machine), --email, --json. */
export function addSessionFlags(command: Command): Command {
  return addTargetFlags(command)
    .option('--email <address>', 'the account (env COURSEKIT_EMAIL); the password only from COURSEKIT_PASSWORD')
    .option('--json', 'print JSON')
}

export async function sessionTarget(
  flags: SessionFlags,
  io: CliIo,
): Promise<{ target: RemoteTarget; account: Account }> {
  const target = (await remoteTarget(flags, io.env, LOCAL_MOCK_URL))!
  const account = accountFromEnv(io.env, flags.email)
  if (!account) {
    throw new UsageError('sign-in needs an account: set COURSEKIT_EMAIL (or pass --email) and COURSEKIT_PASSWORD')
  }
  return { target, account }
}
