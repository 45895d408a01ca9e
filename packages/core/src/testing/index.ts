/**
 * `@coursekit/core/testing`: what drives a client through simulated time, for tests, the CLI's
 * simulations and benchmarks. Apart from the main entry so that apps never ship it.
 *
 * - the simulated clock, and the app origin the clients of tests and simulations open;
 * - the in-memory locks, broadcast and storage that platforms share to model one browser's tabs;
 * - a stand-in for the desktop wrapper's native side (its four commands, in process);
 * - the device session service alone, for a benchmark that follows a fixed signed-in user without
 *   the auth service (and the API's URLs it takes), and the load of the code that runs device
 *   sessions (a page loads it when someone signs in; a simulation loads it before it starts);
 * - the load of every module the client loads on demand, for worlds on a simulated clock.
 */

export { type ApiUrls, createApiUrls } from '../api/api-urls.ts'
export {
  createDeviceSessionService,
  type DeviceSessionServiceDeps,
  loadDeviceSessionEngine,
} from '../devices/device-service.ts'
export {
  type NativeCommand,
  NO_KEY,
  type StandInNative,
  standInNative,
} from '../platform/desktop-native-stand-in.ts'
export { createMemoryBroadcast, type MemoryBroadcast } from '../platform/memory-broadcast.ts'
export { createMemoryLocks, type MemoryLocks } from '../platform/memory-locks.ts'
export { createMemoryStorage, type MemoryStorage } from '../platform/memory-storage.ts'
export { APP_ORIGIN } from './app-origin.ts'
export { loadOnDemandModules } from './on-demand-modules.ts'
export { createSimulatedClock, SIMULATED_CLOCK_START_MS, type SimulatedClock } from './simulated-clock.ts'
