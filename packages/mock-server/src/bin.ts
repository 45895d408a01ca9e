#!/usr/bin/env node
import { runServeCommand } from './serve-command.ts'

// Ctrl+C (or SIGTERM) closes the server and says so; a second one ends the process at once.
const stop = new AbortController()
const onSignal = () => {
  if (stop.signal.aborted) process.exit(130)
  stop.abort()
}
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)

const code = await runServeCommand(
  process.argv.slice(2),
  { stdout: process.stdout, stderr: process.stderr, stop: stop.signal },
  'coursekit-mock-server',
)
// Let stdout drain (a pipe may be slow), then leave.
process.stdout.write('', () => process.exit(code))
