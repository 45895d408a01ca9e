/**
 * The origin of the page a test's or a simulation's client has open. Any origin would do; one name
 * keeps the tests, the CLI's simulated devices and the benchmarks on the same app.
 */
export const APP_ORIGIN = 'https://app.coursekit.test'
