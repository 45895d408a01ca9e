import type { Notice } from '@coursekit/core'
import type { NoticeClaims } from './page-memory.ts'

/** Where toasts are drawn (sonner, a toast library of yours): the ledger says what to show and take away. */
export interface ToastSink {
  /**
   * Shows `notice` as the toast `id`; an id still on screen is replaced. `gone` is called when the
   * toast goes by itself (its time ran out, or the person closed it).
   */
  show(notice: Notice, id: string, gone: () => void): void
  dismiss(id: string): void
}

interface ShownProblem {
  topic: string | undefined
  kind: 'error' | 'warning'
  message: string
  /** The page it was raised for; null until the navigation that may come with it had its turn. */
  page: string | null
}

const isProblem = (notice: Notice): notice is Notice & { kind: 'error' | 'warning' } =>
  notice.kind === 'error' || notice.kind === 'warning'

/**
 * Decides which of the client's notices become toasts and when a problem toast goes, so a message
 * appears once and never outlives its cause:
 * - an error or warning whose topic a page shows itself (inline, in a dialog: NoticeClaims) is no toast;
 * - the same problem again replaces its toast rather than stacking a second one;
 * - a success with a topic, or the client's `settled` for it, takes that topic's problem toasts away;
 * - leaving a page takes its error toasts away; a toast raised on the way to a page (a session
 *   expired before /sign/in) belongs to the page it leads to, and the client's own moves (the
 *   OAuth callback's error, then /sign/in) take the toasts along.
 */
export class NoticeLedger {
  readonly #shown = new Map<string, ShownProblem>()
  #sink: ToastSink | null = null
  #page: () => string = () => ''
  #defer: (run: () => void) => void = (run) => run()
  #next = 0
  readonly #claims: NoticeClaims

  constructor(claims: NoticeClaims) {
    this.#claims = claims
  }

  /** The path the client asked to go to (its `navigate` event), until the page shows it. */
  #clientMove: string | null = null

  /**
   * Toasts go to `sink`; `page()` names the page shown, or the one being opened while a navigation
   * runs; `defer` runs its callback once the current task is over (setTimeout 0).
   */
  attach(sink: ToastSink, page: () => string, defer: (run: () => void) => void): () => void {
    this.#sink = sink
    this.#page = page
    this.#defer = defer
    return () => {
      if (this.#sink === sink) this.#sink = null
    }
  }

  /** A notice from the client: shown, replacing, or left out; with a success, its topic's problems go. */
  receive(notice: Notice): void {
    const sink = this.#sink
    if (!sink) return
    if (notice.topic !== undefined && notice.kind === 'success') this.settle(notice.topic)
    if (!isProblem(notice)) {
      sink.show(notice, `notice-${++this.#next}`, () => {})
      return
    }
    if (notice.topic !== undefined && this.#claims.claimed(notice.topic)) return
    let id = [...this.#shown].find(
      ([, shown]) => shown.topic === notice.topic && shown.message === notice.message && shown.kind === notice.kind,
    )?.[0]
    if (id === undefined) {
      id = `notice-${++this.#next}`
      const shown: ShownProblem = { topic: notice.topic, kind: notice.kind, message: notice.message, page: null }
      this.#shown.set(id, shown)
      this.#defer(() => {
        shown.page = this.#page()
      })
    }
    const shownId = id
    sink.show(notice, id, () => this.#shown.delete(shownId))
  }

  /** `topic` succeeded: its error and warning toasts are stale. */
  settle(topic: string): void {
    for (const [id, shown] of this.#shown) if (shown.topic === topic) this.#dismiss(id)
  }

  /** The client asked to go to `to` (a path, maybe with a query): its toasts go along. */
  clientMoves(to: string): void {
    this.#clientMove = to.split(/[?#]/)[0] ?? to
  }

  /** `page` is shown now: error toasts raised for another page go, unless the client moved there. */
  pageChanged(page: string): void {
    if (this.#clientMove === page) {
      this.#clientMove = null
      for (const shown of this.#shown.values()) if (shown.page !== null) shown.page = page
      return
    }
    for (const [id, shown] of this.#shown) {
      if (shown.kind === 'error' && shown.page !== null && shown.page !== page) this.#dismiss(id)
    }
  }

  #dismiss(id: string): void {
    this.#shown.delete(id)
    this.#sink?.dismiss(id)
  }
}
