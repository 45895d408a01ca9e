/**
 * A worker thread of `coursekit simulate`: runs one part of the users (see runSimulationPart) and
 * reports to the main thread: events in batches, progress, and its totals at the end.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { RunEvent } from '../run/events.ts'
import { runSimulationPart, type SimulationPart, type SimulationSettings } from './part.ts'
import type { WorkerMessage } from './worker-messages.ts'

const EVENT_BATCH = 500
const FLUSH_MS = 100

const port = parentPort
if (port) {
  const { settings, part, wantEvents } = workerData as {
    settings: SimulationSettings
    part: SimulationPart
    wantEvents: boolean
  }
  const stop = new AbortController()
  port.on('message', (message: unknown) => {
    if (message === 'stop') stop.abort()
  })
  const post = (message: WorkerMessage) => port.postMessage(message)
  let batch: RunEvent[] = []
  let flushedAt = performance.now()
  const flush = () => {
    if (batch.length > 0) post({ type: 'events', events: batch })
    batch = []
    flushedAt = performance.now()
  }
  runSimulationPart(settings, part, {
    emit(event) {
      if (!wantEvents) return
      batch.push(event)
      if (batch.length >= EVENT_BATCH || performance.now() - flushedAt > FLUSH_MS) flush()
    },
    progress(progress) {
      flush()
      post({ type: 'progress', progress })
    },
    stop: stop.signal,
  }).then(
    (totals) => {
      flush()
      post({ type: 'done', totals })
    },
    (error: unknown) => {
      post({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
    },
  )
}
