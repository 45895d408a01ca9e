import type { RunEvent } from '../run/events.ts'
import type { RunTotals } from '../run/totals.ts'
import type { SimulationProgress } from './part.ts'

/** What a simulate worker thread tells the main thread. */
export type WorkerMessage =
  | { type: 'events'; events: RunEvent[] }
  | { type: 'progress'; progress: SimulationProgress }
  | { type: 'done'; totals: RunTotals }
  | { type: 'failed'; message: string }
