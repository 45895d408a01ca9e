/**
 * The admin area (decisions.md): the platform's live device sessions and signing any device out.
 */

export {
  type AdminSessionsDeps,
  type AdminSessionsFilter,
  type AdminSessionsObserver,
  type AdminSessionsResult,
  type AdminSessionsSnapshot,
  type AdminSignOutResult,
  createAdminSessionsObserver,
} from './admin-sessions-observer.ts'
