/** An account a device signs in with. The password stays in memory: never printed, never in an event. */
export interface Account {
  /** The name the run uses for the user (a scenario's key, or u0001). */
  name: string
  email: string
  password: string
}
