import { Worker } from 'node:worker_threads'
import type { EventSink } from '../run/events.ts'
import { mergeTotals, type RunTotals } from '../run/totals.ts'
import { runSimulationPart, type SimulationProgress, type SimulationSettings } from './part.ts'
import type { WorkerMessage } from './worker-messages.ts'

export interface SimulationRunOptions {
  /** Worker threads; 1 runs in this thread unless `threads` says otherwise. */
  workers: number
  /** Run even a single part in a worker thread (its heap can be sized for the load). */
  threads?: boolean
  emit: EventSink
  /** Whether events are wanted at all (workers then skip posting them). */
  wantEvents: boolean
  progress?(progress: SimulationProgress): void
  stop?: AbortSignal
}

/**
 * Runs a simulation in this thread or split across worker threads by user (a user's devices stay
 * on one thread, where the device limit is enforced), and adds up what the parts report.
 *
 * Against the embedded backend, a part swaps its thread's `Request`, `Response` and `Headers` for
 * lighter ones while it runs (see useLightFetchClasses); pass `threads: true` to keep even a
 * single part off this thread.
 */
export async function runSimulation(settings: SimulationSettings, options: SimulationRunOptions): Promise<RunTotals> {
  const workers = Math.max(1, Math.min(options.workers, settings.users))
  if (workers === 1 && !options.threads) {
    return runSimulationPart(
      settings,
      { index: 0, of: 1 },
      {
        emit: options.emit,
        ...(options.progress ? { progress: options.progress } : {}),
        ...(options.stop ? { stop: options.stop } : {}),
      },
    )
  }
  const progress: SimulationProgress[] = []
  const parts = Array.from({ length: workers }, (_, index) =>
    runWorker(settings, index, workers, options, (latest) => {
      progress[index] = latest
      if (!options.progress) return
      const live = progress.filter(Boolean)
      options.progress({
        simulatedMs: Math.min(...live.map((p) => p.simulatedMs)),
        requests: live.reduce((sum, p) => sum + p.requests, 0),
        signedIn: live.reduce((sum, p) => sum + p.signedIn, 0),
        registered: live.reduce((sum, p) => sum + p.registered, 0),
        devices: live.reduce((sum, p) => sum + p.devices, 0),
      })
    }),
  )
  return mergeTotals(await Promise.all(parts))
}

/**
 * The worker's file: from source, `worker.ts` beside this file; built, `simulate-worker.js` beside the bundle
 * this code is in (tsup.config.ts names that entry).
 */
function workerUrl(): URL {
  const fromSource = import.meta.url.endsWith('.ts')
  return new URL(fromSource ? './worker.ts' : './simulate-worker.js', import.meta.url)
}

function runWorker(
  settings: SimulationSettings,
  index: number,
  of: number,
  options: SimulationRunOptions,
  onProgress: (progress: SimulationProgress) => void,
): Promise<RunTotals> {
  const url = workerUrl()
  const fromSource = url.pathname.endsWith('.ts')
  const execArgv = [...process.execArgv]
  // From source the worker must resolve the workspace packages to their sources too.
  if (fromSource && !execArgv.some((arg) => arg.includes('@coursekit/source'))) {
    execArgv.push('--conditions=@coursekit/source')
  }
  const worker = new Worker(url, {
    workerData: { settings, part: { index, of }, wantEvents: options.wantEvents },
    execArgv,
  })
  const onStop = () => worker.postMessage('stop')
  options.stop?.addEventListener('abort', onStop, { once: true })
  return new Promise<RunTotals>((resolve, reject) => {
    let settled = false
    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'events':
          for (const event of message.events) options.emit(event)
          return
        case 'progress':
          onProgress(message.progress)
          return
        case 'done':
          settled = true
          resolve(message.totals)
          void worker.terminate()
          return
        case 'failed':
          settled = true
          reject(new Error(message.message))
          void worker.terminate()
          return
      }
    })
    worker.on('error', (error) => {
      if (!settled) reject(error)
      settled = true
    })
    worker.on('exit', (code) => {
      options.stop?.removeEventListener('abort', onStop)
      if (!settled) reject(new Error(`simulation worker ${index} exited with code ${code}`))
    })
  })
}
