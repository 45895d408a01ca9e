/**
 * The time a visit spent in the admin area (decisions.md, "The admin area"), which is not part of
 * the visit: the stays that ended, and the one under way.
 */
export class AdminAreaTime {
  #endedMs = 0
  #since: number | null = null

  /** The app is now in the admin area (`inside`) or out of it, at `now` (client clock). */
  follow(inside: boolean, now: number): void {
    if (inside && this.#since === null) this.#since = now
    if (!inside && this.#since !== null) {
      this.#endedMs += now - this.#since
      this.#since = null
    }
  }

  /** The whole time spent there up to `now`. */
  totalAt(now: number): number {
    return this.#endedMs + (this.#since === null ? 0 : now - this.#since)
  }
}
