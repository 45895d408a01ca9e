/**
 * `@coursekit/mock-server/testing`: one test world (a simulated clock, the mock backend on it,
 * clients of it as devices, and what they sent and were told) for the tests of every package, the
 * benchmarks and anyone testing an app on the core. Needs nothing a test runner brings: React's
 * act() comes in as an option.
 */
export { APP_ORIGIN } from '@coursekit/core/testing'
export { type BrowserShare, createBrowserShare, type TestDevice, type TestDeviceOptions } from './device.ts'
export { accessToken, TestApiAuth } from './signed-in.ts'
export { CHROME_WINDOWS, SAFARI_IPHONE } from './user-agents.ts'
export { createTestWorld, type RecordedRequest, type TestWorld, type TestWorldOptions } from './world.ts'
