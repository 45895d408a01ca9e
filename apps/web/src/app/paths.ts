import { afterSignInTarget, safeRedirectPath } from '@coursekit/core'

/**
 * Where a person goes back to after signing in (decisions.md, "After sign-in, back where the
 * person was"): a path of this app, never `/sign/...`, otherwise `/`.
 */
export function returnTarget(raw: string | null | undefined, origin = window.location.origin): string {
  return afterSignInTarget(safeRedirectPath(raw, origin))
}

/** `/sign/in`, with `?redirect=` to bring the person back to `from` when it is worth returning to. */
export function signInPath(from: string): string {
  const target = returnTarget(from)
  return target === '/' ? '/sign/in' : `/sign/in?redirect=${encodeURIComponent(target)}`
}
