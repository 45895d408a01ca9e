import type { KeyValueStorage } from '../kernel/ports.ts'
import { storageKeys } from '../kernel/storage-keys.ts'

/** One lesson's progress on this device, for one account. */
export interface LessonProgressEntry {
  /** Seconds to resume from; 0 after a watch that reached the lesson's last 5 %. */
  readonly positionSec: number
  /** A watch of this lesson once reached its last 5 %; it stays done. */
  readonly done: boolean
  /** When it was last saved, on the client's clock. */
  readonly savedAt: number
}

/** Every lesson's progress, by lesson id (as a string: the stored JSON's keys). */
export type LessonProgressRecord = Readonly<Record<string, LessonProgressEntry>>

/**
 * Reads the stored record. Whatever another version, a person or a broken write left there is
 * ignored, entry by entry: progress is a convenience, never a reason for the page to fail.
 */
export function readLessonProgress(storage: KeyValueStorage, userId: string): LessonProgressRecord {
  const text = storage.get(lessonProgressKeyFor(userId))
  if (!text) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return {}
  }
  if (!isObject(parsed)) return {}
  const record: Record<string, LessonProgressEntry> = {}
  for (const [id, value] of Object.entries(parsed)) {
    const entry = entryOf(value)
    if (entry && /^\d+$/.test(id)) record[id] = entry
  }
  return record
}

export function writeLessonProgress(storage: KeyValueStorage, userId: string, record: LessonProgressRecord): void {
  storage.set(lessonProgressKeyFor(userId), JSON.stringify(record))
}

/** One account's progress on a browser others may use too: `coursekit.lessonProgress.<user id>`. */
export function lessonProgressKeyFor(userId: string): string {
  return `${storageKeys.lessonProgress}.${userId}`
}

function entryOf(value: unknown): LessonProgressEntry | null {
  if (!isObject(value)) return null
  const { positionSec, done, savedAt } = value
  if (typeof positionSec !== 'number' || !Number.isFinite(positionSec) || positionSec < 0) return null
  if (typeof done !== 'boolean') return null
  return { positionSec, done, savedAt: typeof savedAt === 'number' && Number.isFinite(savedAt) ? savedAt : 0 }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
