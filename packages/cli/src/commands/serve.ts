import { runServeCommand } from '@coursekit/mock-server/serve'
import type { Command } from 'commander'
import type { CliIo } from '../terminal/io.ts'

/**
 * `coursekit serve`: the mock server's own command (the one `coursekit-mock-server` runs), so both
 * take the same flags and print the same. Its flags and `--help` are handed to it as they are.
 */
export function registerServe(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command('serve')
    .description(
      'run the contract backend (platform API + Supabase Auth stand-in) on loopback until Ctrl+C; --help for its flags',
    )
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[flags...]')
    .action(async (flags: string[]) => {
      io.catchStop?.()
      setExit(await runServeCommand(flags, io, 'coursekit serve'))
    })
}
