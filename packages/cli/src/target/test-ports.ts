/** Test-only (not exported): ports for tests that need nothing listening. */
import { createServer } from 'node:net'

/** A loopback port that was free a moment ago and has nothing listening now: connecting is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
