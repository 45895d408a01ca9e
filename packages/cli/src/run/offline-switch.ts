import type { FetchLike } from '@coursekit/core'

/**
 * A device's network: while offline every request fails as a browser's does with no connection
 * (fetch rejects with a TypeError), so the core sees a network failure (status 0), not an answer.
 */
export interface OfflineSwitch {
  readonly fetch: FetchLike
  online: boolean
}

export function createOfflineSwitch(fetch: FetchLike): OfflineSwitch {
  const state = {
    online: true,
    fetch: ((input, init) => {
      if (!state.online) return Promise.reject(new TypeError('fetch failed', { cause: new Error('device offline') }))
      return fetch(input, init)
    }) as FetchLike,
  }
  return state
}
