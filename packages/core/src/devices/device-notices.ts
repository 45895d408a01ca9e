import type { ApiResponse } from '../api/api-response.ts'
import { failure } from '../api/api-response.ts'
import type { ClientEvents, EventEmitter, NoticeKind } from '../kernel/emitter.ts'
import { deviceErrorCodes } from './device-public-types.ts'

/** What the device session tells the app: toasts and settled actions, through the client's events. */
export interface DeviceNotices {
  /** A toast; `topic` names the action it is about (Notice.topic). */
  notice(kind: NoticeKind, message: string, topic?: string): void
  /** The action `topic` succeeded (the client's `settled` event). */
  settled(topic: string): void
}

export function deviceNotices(clientEvents: EventEmitter<ClientEvents>): DeviceNotices {
  return {
    notice: (kind, message, topic) =>
      clientEvents.emit('notice', topic === undefined ? { kind, message } : { kind, message, topic }),
    settled: (topic) => clientEvents.emit('settled', { topic }),
  }
}

/** One API call of the device session; a throw becomes a failure value with code DEVICE_EXCEPTION. */
export async function safeCall<T>(call: () => Promise<ApiResponse<T>>): Promise<ApiResponse<T>> {
  try {
    return await call()
  } catch (error) {
    return failure({
      error: `request failed: ${error instanceof Error ? error.message : String(error)}`,
      status: 0,
      code: deviceErrorCodes.exception,
      cause: error,
    })
  }
}
