import type { AuthForServicesState } from '../kernel/auth-for-services.ts'
import type { Clock } from '../kernel/clock.ts'
import { LESSON_DONE_THRESHOLD } from '../kernel/constants.ts'
import type { BroadcastPort, Platform } from '../kernel/ports.ts'
import { broadcastChannels, storageKeys } from '../kernel/storage-keys.ts'
import { createStore, type ReadableStore } from '../kernel/store.ts'
import {
  type LessonProgressEntry,
  type LessonProgressRecord,
  readLessonProgress,
  writeLessonProgress,
} from './lesson-progress-record.ts'

export interface LessonProgressState {
  /** Every lesson's progress on this device for the signed-in account, by lesson id. */
  readonly lessons: LessonProgressRecord
}

/** Where a watch of a lesson is, as a player reports it. */
export interface LessonWatchPoint {
  positionSec: number
  /** The lesson's length; 0 or unknown: the position is kept, but cannot finish the lesson. */
  durationSec: number
}

/**
 * `client.lessonProgress`: each lesson's resume position and whether it was finished, per device in
 * local storage (decisions.md, "Lessons and media"), and per account: a computer people share must
 * not show the next person what the last one watched, so each account's progress has its own key
 * and follows whoever is signed in. Signed out, progress lives in memory only and is gone at the
 * next sign-in. Reading never fails: stored data it cannot understand counts as no progress.
 */
export interface LessonProgress {
  readonly store: ReadableStore<LessonProgressState>
  /** Seconds to resume from: 0 if none, or if the last watch reached the lesson's last 5 %. */
  positionOf(lessonId: number): number
  isDone(lessonId: number): boolean
  /**
   * Records where a watch is. Within the last 5 % the lesson is done and starts from 0 next time;
   * a position of 0 (or nonsense) never replaces a saved one.
   */
  save(lessonId: number, point: LessonWatchPoint): void
  /** Hears the saves of the other tabs of this browser. Idempotent. */
  start(): void
  dispose(): void
}

export interface LessonProgressDeps {
  platform: Pick<Platform, 'storage' | 'broadcast'>
  clock: Clock
  /** Who is signed in: the progress shown and saved is theirs. */
  account: ReadableStore<AuthForServicesState>
}

export function createLessonProgress({ platform, clock, account }: LessonProgressDeps): LessonProgress {
  // Progress stored before it was kept per account has no owner: handing it to whoever signs in
  // next is the very leak keeping it per account prevents, so it is dropped (a resume position is a
  // convenience; losing it once costs a seek).
  platform.storage.remove(storageKeys.lessonProgress)
  let owner = ownerOf(account.getState())
  const read = (): LessonProgressRecord => (owner === null ? {} : readLessonProgress(platform.storage, owner))
  const store = createStore<LessonProgressState>({ lessons: read() })
  let channel: BroadcastPort | null = null
  let unsubscribe: (() => void) | null = null
  const unfollow = account.subscribe((state) => {
    const next = ownerOf(state)
    if (next === owner) return
    owner = next
    store.setState({ lessons: read() })
  })

  const entryOf = (lessonId: number): LessonProgressEntry | undefined => store.getState().lessons[String(lessonId)]
  const reload = () => store.setState({ lessons: read() })

  return {
    store,
    positionOf: (lessonId) => entryOf(lessonId)?.positionSec ?? 0,
    isDone: (lessonId) => entryOf(lessonId)?.done ?? false,
    save(lessonId, { positionSec, durationSec }) {
      if (!Number.isFinite(positionSec) || positionSec <= 0) return
      const known = Number.isFinite(durationSec) && durationSec > 0
      const finished = known && positionSec >= durationSec * LESSON_DONE_THRESHOLD
      // Read again: another tab may have saved other lessons since this one last looked.
      const lessons = owner === null ? store.getState().lessons : read()
      const id = String(lessonId)
      const entry: LessonProgressEntry = {
        positionSec: finished ? 0 : positionSec,
        done: finished || (lessons[id]?.done ?? false),
        savedAt: clock.now(),
      }
      const next = { ...lessons, [id]: entry }
      if (owner !== null) writeLessonProgress(platform.storage, owner, next)
      store.setState({ lessons: next })
      if (owner !== null) channel?.post({ saved: lessonId })
    },
    start() {
      if (channel) return
      channel = platform.broadcast(broadcastChannels.lessonProgress)
      unsubscribe = channel.subscribe(reload)
    },
    dispose() {
      unfollow()
      unsubscribe?.()
      channel?.close()
      unsubscribe = null
      channel = null
    },
  }
}

function ownerOf(state: AuthForServicesState): string | null {
  return state.status === 'authenticated' ? (state.user?.id ?? null) : null
}
