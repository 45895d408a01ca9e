#!/usr/bin/env node
import { main } from './program.ts'
import { processIo } from './terminal/io.ts'

const io = processIo()
const code = await main(process.argv.slice(2), io)
// Let stdout drain (a pipe may be slow), then leave: open handles (a server, workers) are done with.
process.stdout.write('', () => process.exit(code))
