import type { Clock } from '@coursekit/core/clock'
import type { ConversionType, TrackVisitRequest, UpdateVisitRequest } from '@coursekit/core/contract'
import { isoTime } from '../iso-time.ts'

export interface Visit extends TrackVisitRequest {
  /** The visit id handed back as `sessionId`. */
  id: string
  startedAt: number
  /** Seconds, as the last update reported it. */
  visitDuration: number | null
  bounced: boolean | null
  updatedAt: number | null
  /** How many updates arrived; a page can report more than once (hide, then leave). */
  updates: number
  conversions: { type: ConversionType; at: number }[]
}

export type ConversionOutcome = 'recorded' | 'duplicate' | 'unknown-visit'

/** Visit analytics of one backend: visits by id, their updates and conversions. */
export class VisitStore {
  readonly #clock: Clock
  readonly #visits = new Map<string, Visit>()
  #nextId = 1

  constructor(clock: Clock) {
    this.#clock = clock
  }

  /** Records a new visit and returns its id. */
  track(fields: TrackVisitRequest): Visit {
    const id = `visit-${this.#nextId++}-${crypto.randomUUID().slice(0, 8)}`
    const visit: Visit = {
      ...fields,
      id,
      startedAt: this.#clock.now(),
      visitDuration: null,
      bounced: null,
      updatedAt: null,
      updates: 0,
      conversions: [],
    }
    this.#visits.set(id, visit)
    return visit
  }

  get(id: string): Visit | undefined {
    return this.#visits.get(id)
  }

  /** False for an unknown visit id. */
  update(id: string, update: UpdateVisitRequest): boolean {
    const visit = this.#visits.get(id)
    if (!visit) return false
    visit.visitDuration = update.visitDuration
    visit.bounced = update.bounced
    visit.updatedAt = this.#clock.now()
    visit.updates++
    return true
  }

  /** A conversion type counts once per visit; repeating it is harmless. */
  convert(id: string, type: ConversionType): ConversionOutcome {
    const visit = this.#visits.get(id)
    if (!visit) return 'unknown-visit'
    if (visit.conversions.some((conversion) => conversion.type === type)) return 'duplicate'
    visit.conversions.push({ type, at: this.#clock.now() })
    return 'recorded'
  }

  snapshot(): VisitSnapshot[] {
    return [...this.#visits.values()].map((visit) => ({
      ...visit,
      startedAt: isoTime(visit.startedAt),
      updatedAt: visit.updatedAt === null ? null : isoTime(visit.updatedAt),
      conversions: visit.conversions.map((conversion) => ({ type: conversion.type, at: isoTime(conversion.at) })),
    }))
  }
}

export type VisitSnapshot = Omit<Visit, 'startedAt' | 'updatedAt' | 'conversions'> & {
  startedAt: string
  updatedAt: string | null
  conversions: { type: ConversionType; at: string }[]
}
