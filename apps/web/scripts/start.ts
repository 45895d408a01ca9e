#!/usr/bin/env node
import { runStartCommand } from './start-command.ts'

// Ctrl+C (or SIGTERM) closes the server and says so; a second one ends the process at once.
const stop = new AbortController()
const onSignal = () => {
  if (stop.signal.aborted) process.exit(130)
  stop.abort()
}
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)

const code = await runStartCommand(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stop: stop.signal,
})
process.stdout.write('', () => process.exit(code))
