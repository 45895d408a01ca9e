import { isPublicApiPath } from '@coursekit/core/contract'

/**
 * The contract's isPublicApiPath, remembered for the last `limit` paths: every /api request asks,
 * most ask about the same few paths (heartbeats), and one answer is some thirty prefix comparisons,
 * ten times a lookup. Paths with ids in them come and go, so the oldest are forgotten.
 */
export function publicPathCheck(limit = 256): (path: string) => boolean {
  const known = new Map<string, boolean>()
  return (path) => {
    let isPublic = known.get(path)
    if (isPublic === undefined) {
      isPublic = isPublicApiPath(path)
      if (known.size >= limit) known.delete(known.keys().next().value as string)
      known.set(path, isPublic)
    }
    return isPublic
  }
}
