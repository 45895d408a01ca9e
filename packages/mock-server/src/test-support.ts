/**
 * The simulated clock the mock server's tests run on: the core's, so a client and the backend can
 * share one in tests of the two together.
 */
export {
  createSimulatedClock as createTestClock,
  type SimulatedClock as TestClock,
} from '@coursekit/core/testing'
