import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built app and its mock backend, one origin, e.g. http://127.0.0.1:41234 */
    webOrigin: string
    /** The backend's anon key, for a journey that calls Supabase Auth itself (an e-mail sign-up). */
    webAnonKey: string
    /** A build of the app whose API, auth and media are `desktopApiOrigin`, as static files only. */
    desktopOrigin: string
    /** The same backend as `webOrigin`'s (the same accounts and devices), on an origin of its own. */
    desktopApiOrigin: string
  }
}

interface Served {
  origin: string
  anonKey: string
  desktopOrigin: string
  desktopApiOrigin: string
}

/**
 * Once per run: the built app on `vite preview` with the mock backend, and the desktop wrapper's
 * build on two more origins (test/preview-server.ts), in a process of its own, run with the
 * `@coursekit/source` condition like `npm start`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const script = fileURLToPath(new URL('./preview-server.ts', import.meta.url))
  const child = spawn(process.execPath, ['--conditions=@coursekit/source', script], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['pipe', 'pipe', 'inherit'],
    // A production build, as people get it (Vitest's NODE_ENV=test would give React's development build).
    env: { ...process.env, NODE_ENV: 'production' },
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const served = await new Promise<Served>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout })
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return
      resolve(JSON.parse(line) as Served)
    })
    void exited.then((code) => reject(new Error(`the app's preview server ended before serving (exit ${code})`)))
  })
  project.provide('webOrigin', served.origin)
  project.provide('webAnonKey', served.anonKey)
  project.provide('desktopOrigin', served.desktopOrigin)
  project.provide('desktopApiOrigin', served.desktopApiOrigin)
  return async () => {
    child.kill('SIGTERM')
    await exited
  }
}
