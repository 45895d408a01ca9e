/**
 * `@coursekit/core/testing`: what drives a client through simulated time, for tests, the CLI's
 * simulations and benchmarks. Apart from the main entry so that apps never ship it.
 */
export { createSimulatedClock, SIMULATED_CLOCK_START_MS, type SimulatedClock } from './simulated-clock.ts'
