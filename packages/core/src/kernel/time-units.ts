/** Lengths of time in milliseconds, the unit of the clock port: write `5 * MINUTE`, not `300_000`. */
export const SECOND = 1000
export const MINUTE = 60 * SECOND
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR
