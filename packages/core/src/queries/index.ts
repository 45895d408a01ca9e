/**
 * The content reads' cache (TanStack Query's shape: a cache of queries, each watched by observers),
 * over the contract's endpoints. A hook or a command-line view subscribes to an observer.
 */

export { createQueries, type Queries } from './queries.ts'
export {
  createQueriesObserver,
  type QueriesObserver,
  type QueryReads,
  type QueryViews,
} from './queries-observer.ts'
export type { Query, QueryState } from './query.ts'
export type { QueryCache, QueryCacheDeps } from './query-cache.ts'
export type {
  QueryObserver,
  QueryView,
  QueryViewStatus,
} from './query-observer.ts'
