/**
 * What the pages of one client tell each other, in memory only: which topics a page shows itself
 * (so their problems are no toast) and the address the next sign-in form starts with.
 */
import type { CourseClient } from '@coursekit/core'
import { useEffect } from 'react'
import { useCourseClient } from '../course-client-context.ts'
import { useLatest } from '../use-latest.ts'

/** Which topics a page shows itself (inline, in a dialog), so their problems are no toast. */
export class NoticeClaims {
  readonly #claims = new Map<string, Set<() => boolean>>()

  /** The page shows `topic`'s errors and warnings while `shown()` is true. Returns the release. */
  claim(topic: string, shown: () => boolean = () => true): () => void {
    const claims = this.#claims.get(topic) ?? new Set()
    this.#claims.set(topic, claims)
    claims.add(shown)
    return () => claims.delete(shown)
  }

  claimed(topic: string): boolean {
    for (const shown of this.#claims.get(topic) ?? []) if (shown()) return true
    return false
  }
}

// One set of claims per client: the pages claim, the toasts (useToastNotices) read.
const claimsByClient = new WeakMap<CourseClient, NoticeClaims>()

export function noticeClaimsOf(client: CourseClient): NoticeClaims {
  const claims = claimsByClient.get(client) ?? new NoticeClaims()
  claimsByClient.set(client, claims)
  return claims
}

/**
 * This page shows `topic`'s errors itself (inline, in a dialog), so they are no toast while it is
 * mounted and `shown()` holds, read when a notice is shown (noticeTopics names the topics).
 */
export function useNoticeShownHere(topic: string, shown?: () => boolean): void {
  const client = useCourseClient()
  const latest = useLatest(shown)
  useEffect(() => noticeClaimsOf(client).claim(topic, () => latest.current?.() ?? true), [client, topic, latest])
}

// The address is offered to the sign-in form the person is sent to next (after a password reset),
// and never written anywhere (nor into the URL).
const hints = new WeakMap<CourseClient, string>()

/** The address the next sign-in form starts with (the account whose password was just reset). */
export function offerSignInEmail(client: CourseClient, email: string): void {
  hints.set(client, email)
}

/** The address offered to the next sign-in form, if any. */
export function offeredSignInEmail(client: CourseClient): string | null {
  return hints.get(client) ?? null
}

/** A sign-in form has started with the offer: later forms start as usual. */
export function forgetSignInEmail(client: CourseClient): void {
  hints.delete(client)
}
