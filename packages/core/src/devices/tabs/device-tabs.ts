import type { BroadcastPort } from '../../kernel/ports.ts'
import { type DeviceTabChannel, type DeviceTabMessage, openDeviceTabChannel } from './device-tab-channel.ts'

/** This tab's line to the other tabs of its browser (one device): open while the service runs. */
export class DeviceTabs {
  /** This tab's id in `watch` and `query` messages. */
  readonly tabId: string
  readonly #broadcast: (channel: string) => BroadcastPort
  #channel: DeviceTabChannel | null = null

  constructor(broadcast: (channel: string) => BroadcastPort, tabId: string) {
    this.#broadcast = broadcast
    this.tabId = tabId
  }

  /** Opens the channel (once); the other tabs' messages go to `onMessage`. */
  open(onMessage: (message: DeviceTabMessage) => void): void {
    this.#channel ??= openDeviceTabChannel(this.#broadcast, onMessage)
  }

  /** Tells the other tabs, while the channel is open. */
  post(message: DeviceTabMessage): void {
    this.#channel?.post(message)
  }

  close(): void {
    this.#channel?.close()
    this.#channel = null
  }
}
