#!/usr/bin/env node
import { parseServerArgs, USAGE, UsageError } from './cli-args.ts'
import { demoAccounts, legacyAccount } from './demo-accounts.ts'
import { startMockServer } from './node-server.ts'

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseServerArgs>
  try {
    parsed = parseServerArgs(process.argv.slice(2))
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`coursekit-mock-server: ${error.message}\n\n${USAGE}`)
      process.exit(2)
    }
    throw error
  }
  if (parsed.help) {
    process.stdout.write(USAGE)
    return
  }
  const server = await startMockServer(parsed.options)
  const { backend } = server
  const lines = [
    `coursekit mock backend listening on ${server.url}`,
    '',
    `  API base URL     ${server.url}`,
    `  Supabase URL     ${server.url}  (auth at ${server.url}/auth/v1)`,
    `  anon key         ${backend.anonKey}`,
    `  device limit     ${backend.context.options.deviceLimit}`,
    `  device lease     ${backend.context.options.sessionLeaseMs / 60_000} min`,
    `  dev mailbox      ${server.url}/__dev/mailbox?email=<address>`,
  ]
  if (backend.context.options.seedDemoAccounts) {
    lines.push(
      '',
      'Demo accounts (password: see "Demo accounts" in packages/mock-server/README.md):',
      `  ${demoAccounts.learner.email.padEnd(32)} learner, complete profile`,
      `  ${demoAccounts.admin.email.padEnd(32)} admin`,
      `  ${demoAccounts.incomplete.email.padEnd(32)} profile incomplete (no nickname, no phone)`,
      `  ${demoAccounts.unconfirmed.email.padEnd(32)} e-mail not confirmed`,
      `  ${demoAccounts.inactive.email.padEnd(32)} not activated (status 0)`,
      `  ${demoAccounts.google.email.padEnd(32)} Google sign-in only`,
      `  ${legacyAccount.email.padEnd(32)} old-platform account (verify-legacy-password)`,
    )
  }
  lines.push('', 'Press Ctrl+C to stop.')
  process.stdout.write(`${lines.join('\n')}\n`)

  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') {
    process.stderr.write('coursekit-mock-server: the port is already in use; pick another with --port\n')
    process.exit(1)
  }
  process.stderr.write(`coursekit-mock-server: ${(error as Error).message}\n`)
  process.exit(1)
})
