import { demoAccounts, legacyAccount } from '@coursekit/mock-server'
import { startMockServer } from '@coursekit/mock-server/node'
import type { Command } from 'commander'
import { EXIT_FAILED, EXIT_OK } from './cli-errors.ts'
import type { CliIo } from './cli-io.ts'
import { formatDuration } from './duration.ts'
import { integerIn, positiveDuration } from './option-parsers.ts'
import { colourEnabled, createStyle } from './style.ts'

interface ServeFlags {
  port: number
  host: string
  deviceLimit: number
  lease?: number
  demoAccounts: boolean
}

export function registerServe(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command('serve')
    .description('run the contract backend (platform API + Supabase Auth stand-in) on loopback until Ctrl+C')
    .option('--port <n>', 'port (0 picks a free one)', integerIn(0, 65_535), 54_321)
    .option('--host <address>', 'address to bind', '127.0.0.1')
    .option('--device-limit <n>', 'devices a user may have signed in at once', integerIn(1, 10_000), 2)
    .option('--lease <d>', 'how long a device without a heartbeat keeps its slot (default 40m)', positiveDuration)
    .option('--no-demo-accounts', 'start without the demo accounts')
    .action(async (flags: ServeFlags) => {
      setExit(await serve(flags, io))
    })
}

async function serve(flags: ServeFlags, io: CliIo): Promise<number> {
  io.catchStop?.()
  let server: Awaited<ReturnType<typeof startMockServer>>
  try {
    server = await startMockServer({
      port: flags.port,
      host: flags.host,
      deviceLimit: flags.deviceLimit,
      ...(flags.lease !== undefined ? { sessionLeaseMs: flags.lease } : {}),
      seedDemoAccounts: flags.demoAccounts,
    })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    io.stderr.write(
      code === 'EADDRINUSE'
        ? `coursekit: port ${flags.port} is in use; pick another with --port\n`
        : `coursekit: cannot start the server: ${(error as Error).message}\n`,
    )
    return EXIT_FAILED
  }
  const style = createStyle(colourEnabled({ isTTY: io.stdout.isTTY, env: io.env }))
  const options = server.backend.context.options
  const lines = [
    `${style.bold('coursekit mock backend')} listening on ${server.url}`,
    '',
    `  API base URL   ${server.url}`,
    `  Supabase URL   ${server.url}  (auth at ${server.url}/auth/v1)`,
    // The anon key is the public project key every browser app ships; not a user's token.
    `  anon key       ${server.backend.anonKey}`,
    `  device limit   ${options.deviceLimit}`,
    `  device lease   ${formatDuration(options.sessionLeaseMs)}`,
  ]
  if (flags.demoAccounts) {
    lines.push(
      '',
      'Demo accounts (passwords: packages/mock-server/README.md, "Demo accounts"):',
      `  ${demoAccounts.learner.email.padEnd(32)} learner, complete profile`,
      `  ${demoAccounts.admin.email.padEnd(32)} admin`,
      `  ${demoAccounts.incomplete.email.padEnd(32)} profile incomplete`,
      `  ${legacyAccount.email.padEnd(32)} old-platform account`,
    )
  }
  lines.push('', style.dim('Ctrl+C stops it.'))
  io.stdout.write(`${lines.join('\n')}\n`)
  await new Promise<void>((resolve) => {
    if (io.stop.aborted) resolve()
    else io.stop.addEventListener('abort', () => resolve(), { once: true })
  })
  await server.close()
  io.stdout.write('stopped.\n')
  return EXIT_OK
}
