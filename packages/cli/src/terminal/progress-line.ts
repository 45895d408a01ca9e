import type { OutputStream } from './io.ts'

/**
 * One line, rewritten in place on a terminal (carriage return, erase line), at most every
 * `intervalMs` of real time. Off anywhere else: a pipe or a file gets no progress noise.
 */
export interface ProgressLine {
  update(render: () => string): void
  /** Erases the line, so what follows starts on a clean one. */
  clear(): void
}

export function createProgressLine(stream: OutputStream, enabled: boolean, intervalMs = 100): ProgressLine {
  let lastAt = Number.NEGATIVE_INFINITY
  let shown = false
  return {
    update(render) {
      if (!enabled) return
      const now = performance.now()
      if (now - lastAt < intervalMs) return
      lastAt = now
      const width = Math.max(20, (stream.columns ?? 100) - 1)
      stream.write(`\r\u001b[2K${render().slice(0, width)}`)
      shown = true
    },
    clear() {
      if (!shown) return
      stream.write('\r\u001b[2K')
      shown = false
    },
  }
}
