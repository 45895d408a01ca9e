/**
 * `@coursekit/testkit`: the project's one test world, for the tests of every package, the CLI's
 * checks and the benchmarks (private, never published). `createWorld()` gives a simulated clock, the
 * mock backend on it and what every device sent; `world.device(name)` gives a real client of the
 * core on its own memory platform. Needs nothing a test runner brings: React's act() comes in as an
 * option.
 */
export { APP_ORIGIN } from '@coursekit/core/testing'
export {
  type BrowserShare,
  createBrowserShare,
  type Device,
  type DeviceOptions,
  type HandAuthDevice,
} from './device.ts'
export { accessToken, TestApiAuth } from './signed-in.ts'
export { CHROME_WINDOWS, SAFARI_IPHONE } from './user-agents.ts'
export { createWorld, type RecordedRequest, type World, type WorldOptions } from './world.ts'
