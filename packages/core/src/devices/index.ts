/**
 * client.devices: the service, its state, events and command results, and the observers bindings
 * subscribe to (a video watch, the device list).
 */

export type { DeviceLimitDialog, DeviceLimitDialogState } from './device-limit-dialog.ts'
export {
  createDeviceListObserver,
  type DeviceListObserver,
  type DeviceListSnapshot,
} from './device-list-observer.ts'
export {
  type DeviceCommandFailure,
  type DeviceCommandResult,
  type DeviceListResult,
  type DeviceSessionEvents,
  type DeviceSessionState,
  type DeviceSessionStatus,
  deviceErrorCodes,
  type RegistrationResult,
  type WatchResult,
} from './device-public-types.ts'
export type { DeviceSessionService } from './device-service.ts'
export {
  createVideoWatchObserver,
  type VideoWatchObserver,
  type VideoWatchOptions,
  type VideoWatchSnapshot,
  type VideoWatchStatus,
} from './device-watch-observer.ts'
