import { DEMO_PASSWORD, demoAccounts, legacyAccount, type MockBackend } from '@coursekit/mock-server'
import { createServer, type ViteDevServer } from 'vite'
import { webAppConfig } from '../vite.config.ts'
import { parseStartArgs, type StartOptions, StartUsageError, startUsage } from './start-args.ts'

export interface StartIo {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
  /** Aborts on Ctrl+C: the server closes and the command resolves to 0. */
  stop: AbortSignal
  /** Called once the app answers, with its URL (the tests use it). */
  onListening?(url: string): void
}

/**
 * `npm start`: the learner app (Vite dev server) with the mock backend on the same origin. Resolves
 * to the exit code: 0 stopped (or help), 1 could not listen, 2 a bad flag.
 */
export async function runStartCommand(argv: readonly string[], io: StartIo, program = 'npm start --'): Promise<number> {
  let options: StartOptions
  try {
    const parsed = parseStartArgs(argv)
    if (parsed.help) {
      io.stdout.write(startUsage(program))
      return 0
    }
    options = parsed.options
  } catch (error) {
    if (!(error instanceof StartUsageError)) throw error
    io.stderr.write(`${program}: ${error.message}\n\n${startUsage(program)}`)
    return 2
  }

  let readyBackend!: (backend: MockBackend) => void
  const backendReady = new Promise<MockBackend>((resolve) => {
    readyBackend = resolve
  })
  const config = webAppConfig({
    ...(options.deviceLimit === undefined ? {} : { deviceLimit: options.deviceLimit }),
    onReady: readyBackend,
  })
  let server: ViteDevServer
  try {
    server = await createServer({
      ...config,
      server: { port: options.port, strictPort: true, host: 'localhost' },
      clearScreen: false,
      logLevel: 'warn',
    })
    await server.listen()
  } catch (error) {
    const message = (error as Error).message
    io.stderr.write(
      /already in use|EADDRINUSE/.test(message)
        ? `${program}: port ${options.port} is in use; pick another with --port\n`
        : `${program}: cannot start: ${message}\n`,
    )
    return 1
  }
  const backend = await backendReady
  io.stdout.write(banner(backend))
  io.onListening?.(backend.url)
  await new Promise<void>((resolve) => {
    if (io.stop.aborted) resolve()
    else io.stop.addEventListener('abort', () => resolve(), { once: true })
  })
  await server.close()
  io.stdout.write('stopped.\n')
  return 0
}

/** What to open and how to sign in. The demo password is public and for development only. */
function banner(backend: MockBackend): string {
  const { url } = backend
  const options = backend.context.options
  const lines = [
    `코스킷 learner app: open ${url}`,
    '',
    `  device limit   ${options.deviceLimit}`,
    `  dev mailbox    ${url}/__dev/mailbox?email=<address>   (confirmation and password-reset e-mails)`,
    `  dev SMS        ${url}/__dev/sms?phone=<number>   (phone verification codes)`,
  ]
  lines.push(
    '',
    `Demo accounts, password "${DEMO_PASSWORD}" (public, development only):`,
    ...[
      [demoAccounts.learner.email, 'learner, complete profile: try this one first'],
      [demoAccounts.admin.email, 'admin'],
      [demoAccounts.incomplete.email, 'profile incomplete (no nickname, no phone)'],
      [demoAccounts.unconfirmed.email, 'e-mail not confirmed'],
      [demoAccounts.inactive.email, 'not activated (status 0)'],
      [demoAccounts.google.email, 'Google sign-in only (use the Google button)'],
      [legacyAccount.email, `old-platform account, password "${legacyAccount.password}"`],
    ].map(([email, what]) => `  ${email!.padEnd(32)} ${what}`),
    '',
    'The backend alone: npm run coursekit -- serve. Ctrl+C stops this one.',
  )
  return `${lines.join('\n')}\n`
}
