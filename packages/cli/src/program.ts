import { Command, CommanderError } from 'commander'
import { registerDevices } from './commands/devices.ts'
import { registerLogin } from './commands/login.ts'
import { registerScenario } from './commands/scenario.ts'
import { registerServe } from './commands/serve.ts'
import { registerSimulate } from './commands/simulate.ts'
import { ScenarioFileError } from './scenario/file.ts'
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from './terminal/exit-codes.ts'
import type { CliIo } from './terminal/io.ts'
import { cliVersion } from './version.ts'

/**
 * `coursekit`: runs one command line and resolves to its exit code (0 fine, 1 a run failed, 2 the
 * command line or a file was wrong). Nothing here exits the process; `bin.ts` does.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode = EXIT_OK
  const setExit = (code: number) => {
    exitCode = code
  }
  const program = new Command('coursekit')
    .description('Simulate devices and script device-limit scenarios against the coursekit platform')
    .version(cliVersion(), '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(text.startsWith('error:') ? `coursekit: ${text.slice(7)}` : text),
    })
  registerServe(program, io, setExit)
  registerSimulate(program, io, setExit)
  registerScenario(program, io, setExit)
  registerDevices(program, io, setExit)
  registerLogin(program, io, setExit)

  try {
    await program.parseAsync([...argv], { from: 'user' })
    return exitCode
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with exit code 0; every other complaint is about the command line.
      return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE
    }
    if (error instanceof UsageError) {
      io.stderr.write(`coursekit: ${error.message}\n`)
      return EXIT_USAGE
    }
    if (error instanceof ScenarioFileError) {
      io.stderr.write(
        `coursekit: the scenario file has ${error.problems.length === 1 ? 'a problem' : `${error.problems.length} problems`}:\n${error.message}\n`,
      )
      return EXIT_USAGE
    }
    io.stderr.write(`coursekit: ${error instanceof Error ? error.message : String(error)}\n`)
    return EXIT_FAILED
  }
}
