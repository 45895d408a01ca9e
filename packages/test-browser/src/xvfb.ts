import type { Readable } from 'node:stream'
import { type OwnedProcess, spawnOwned } from './child-process.ts'

/** A virtual X display of its own, on a number no other display on this machine holds. */
export interface VirtualDisplay {
  /** For DISPLAY, e.g. ":3". */
  display: string
  process: OwnedProcess
  close(): Promise<void>
}

const START_TIMEOUT_MS = 15_000

/**
 * Starts Xvfb with `-displayfd`: Xvfb itself takes the first free display number (it holds the
 * lock file) and writes it to that file descriptor once it accepts clients, so parallel test files
 * and other programs running Xvfb never race for a number.
 */
export async function startXvfb(screen = { width: 1280, height: 800 }): Promise<VirtualDisplay> {
  const xvfb = spawnOwned(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', `${screen.width}x${screen.height}x24`, '-nolisten', 'tcp'],
    { extraFds: 1 },
  )
  const number = await readDisplayNumber(xvfb.child.stdio[3] as Readable, xvfb).catch(async (error: Error) => {
    await xvfb.stop()
    throw error
  })
  const display = `:${number}`
  return { display, process: xvfb, close: () => xvfb.stop() }
}

function readDisplayNumber(pipe: Readable, xvfb: OwnedProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let written = ''
    const timer = setTimeout(
      () => reject(new Error(`Xvfb gave no display within ${START_TIMEOUT_MS} ms: ${xvfb.output()}`)),
      START_TIMEOUT_MS,
    )
    pipe.on('data', (chunk: Buffer) => {
      written += chunk.toString()
      const line = written.match(/^(\d+)\n/)
      if (line?.[1]) {
        clearTimeout(timer)
        resolve(line[1])
      }
    })
    void xvfb.exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`Xvfb exited before giving a display: ${xvfb.output()}`))
    })
  })
}
