import { formatLease, parseServerArgs, serveUsage, UsageError } from './cli-args.ts'
import { demoAccounts, legacyAccount } from './demo-accounts.ts'
import { exposureWarning } from './exposure.ts'
import { isLoopbackHost } from './loopback.ts'
import { type MockServer, startMockServer } from './node-server.ts'

/** For commands that take some of the same flags (the learner app's `npm start`). */
export { integerFlag, UsageError } from './cli-args.ts'

export interface ServeIo {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
  /** Aborts when the user asks to stop (Ctrl+C): the server closes, says so, and the command resolves to 0. */
  stop: AbortSignal
}

/**
 * The HTTP backend as a command, the one implementation behind `coursekit serve` and the
 * `coursekit-mock-server` bin: parses the flags, listens, prints the URLs, the anon key and the
 * demo accounts (never a password), and serves until `io.stop` aborts. Resolves to the exit code:
 * 0 stopped cleanly (or help), 1 could not listen, 2 a bad flag. `program` names it in messages.
 */
export async function runServeCommand(argv: readonly string[], io: ServeIo, program: string): Promise<number> {
  let parsed: ReturnType<typeof parseServerArgs>
  try {
    parsed = parseServerArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${program}: ${error.message}\n\n${serveUsage(program)}`)
    return 2
  }
  if (parsed.help) {
    io.stdout.write(serveUsage(program))
    return 0
  }
  const { options } = parsed
  let server: MockServer
  try {
    server = await startMockServer(options)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    io.stderr.write(
      code === 'EADDRINUSE'
        ? `${program}: port ${options.port ?? 54321} is in use; pick another with --port\n`
        : `${program}: cannot start the server: ${(error as Error).message}\n`,
    )
    return 1
  }
  const host = options.host ?? '127.0.0.1'
  if (!isLoopbackHost(host)) io.stderr.write(`${program}: ${exposureWarning(host, options)}\n`)
  io.stdout.write(banner(server))
  await new Promise<void>((resolve) => {
    if (io.stop.aborted) resolve()
    else io.stop.addEventListener('abort', () => resolve(), { once: true })
  })
  await server.close()
  io.stdout.write('stopped.\n')
  return 0
}

function banner(server: MockServer): string {
  const { url, backend } = server
  const options = backend.context.options
  const lines = [
    `coursekit mock backend listening on ${url}`,
    '',
    `  API base URL   ${url}`,
    `  Supabase URL   ${url}  (auth at ${url}/auth/v1)`,
    // The anon key is the public project key every browser app ships; not a user's token.
    `  anon key       ${backend.anonKey}`,
    `  device limit   ${options.deviceLimit}${options.canForceLogout ? '' : '  (refused without removal: --no-force-logout)'}`,
    `  device lease   ${formatLease(options.sessionLeaseMs)}`,
    `  dev mailbox    ${url}/__dev/mailbox?email=<address>`,
    `  dev SMS        ${url}/__dev/sms?phone=<number>  (phone verification codes)`,
    `  lesson videos  ${url}/media/<videoId>.mp4 and .webm`,
    // Which browser pages may call it: its own origin and --cors-origin; /__dev never.
    `  CORS origins   ${[new URL(url).origin, ...options.corsOrigins].join(', ')}  (more with --cors-origin)`,
    `  redirects      ${[url, ...options.corsOrigins, ...options.redirectAllowList].join(', ')}  (more with --redirect-allow)`,
    `  mail limit     ${options.emailMaxFrequencyMs === 0 ? 'off (--email-max-frequency 0)' : `one of a kind per account per ${formatLease(options.emailMaxFrequencyMs)}`}`,
    `  dev routes     ${options.exposeDevRoutes ? 'every client (--expose-dev-routes)' : 'this machine only (/__dev, OAuth consent)'}`,
  ]
  if (options.seedDemoAccounts) {
    lines.push(
      '',
      'Demo accounts (password: "Demo accounts" in packages/mock-server/README.md):',
      ...[
        [demoAccounts.learner.email, 'learner, complete profile'],
        [demoAccounts.admin.email, 'admin'],
        [demoAccounts.incomplete.email, 'profile incomplete (no nickname, no phone)'],
        [demoAccounts.unconfirmed.email, 'e-mail not confirmed'],
        [demoAccounts.inactive.email, 'not activated (status 0)'],
        [demoAccounts.google.email, 'Google sign-in only'],
        [legacyAccount.email, 'old-platform account (verify-legacy-password)'],
      ].map(([email, what]) => `  ${email!.padEnd(32)} ${what}`),
    )
  }
  lines.push('', 'Ctrl+C stops it.')
  return `${lines.join('\n')}\n`
}
