/**
 * The topics of the notices one action raises (Notice.topic), for a UI to match them with where it
 * shows the same action's messages itself. A 5xx's notice has the request as its topic,
 * `METHOD url` (GET https://api.example.com/api/v2/notices?page=1).
 */
export const noticeTopics = {
  /** E-mail and password sign-in: its refusals and errors (the form says them too). */
  signIn: 'sign-in',
  /** This device's registration: the device limit, a failed registration; removing a device from the limit dialog. */
  deviceRegistration: 'device-registration',
  /** Removing a device from the list, or signing one out. */
  deviceRemoval: 'device-removal',
} as const
