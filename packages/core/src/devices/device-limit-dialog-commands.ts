import type { ApiClient } from '../api/api-client-types.ts'
import { messages } from '../kernel/messages.ts'
import { noticeTopics } from '../kernel/notice-topics.ts'
import type { Store } from '../kernel/store.ts'
import type { DeviceLimitDialog, DeviceLimitDialogState } from './device-limit-dialog.ts'
import type { DeviceListCache } from './device-list-cache.ts'
import { type DeviceNotices, safeCall } from './device-notices.ts'
import type { DeviceSessionState } from './device-public-types.ts'
import type { DeviceRegistration } from './device-registration.ts'
import type { DeviceSession } from './device-session.ts'

export interface LimitDialogDeps {
  api: ApiClient
  store: Store<DeviceSessionState>
  notices: DeviceNotices
  session: DeviceSession
  devices: DeviceListCache
  /** After a removal, this device registers in the freed slot. */
  registration: DeviceRegistration
}

/**
 * The dialog's commands. Removing the selected device uses force-logout with this device's id as
 * newSessionId: the server signs the old device out and registers this one in the freed slot in one
 * step, so a device registering at the same moment cannot take the slot. Then the registration is
 * retried at once (it finds this device registered, answers the fresh device list and starts the
 * heartbeat) and the dialog closes.
 *
 * A device that is already gone (404: it expired or was removed meanwhile) is no reason to fail:
 * the registration is retried all the same, so nobody is locked out by a device that no longer exists.
 */
export function createLimitDialogCommands(deps: LimitDialogDeps): DeviceLimitDialog {
  const { api, store, notices, session, devices, registration } = deps

  const patch = (fields: Partial<DeviceLimitDialogState>) =>
    store.setState((state) => (state.limitDialog ? { limitDialog: { ...state.limitDialog, ...fields } } : {}))

  return {
    select(id) {
      patch({ selectedId: id, error: null })
    },

    close() {
      store.setState({ limitDialog: null })
    },

    async remove() {
      const dialog = store.getState().limitDialog
      if (!dialog || dialog.removing) return false
      if (dialog.selectedId === null) {
        patch({ error: messages.selectDeviceToRemove })
        return false
      }
      const own = session.requireSession(false)
      if ('ok' in own) {
        patch({ error: own.error })
        return false
      }
      const generation = session.generation
      patch({ removing: true, error: null })
      const response = await safeCall(() =>
        api.call(
          'forceLogout',
          { params: { sessionId: dialog.selectedId! }, query: { newSessionId: own.sessionId } },
          { notify: false },
        ),
      )
      if (generation !== session.generation) return false
      if (!response.ok && response.status !== 404) {
        // Spec section 8's two messages: the server refused the removal (it answered), or the removal
        // came to no answer at all (the connection dropped, or the client failed: status 0).
        const noAnswer = response.status === 0
        patch({ removing: false, error: noAnswer ? messages.deviceRemovalError : messages.deviceRemovalFailed })
        return false
      }
      devices.invalidate()
      if (response.ok) notices.notice('success', messages.deviceRemoved, noticeTopics.deviceRegistration)
      const registered = await registration.register()
      if (generation !== session.generation) return false
      // At the limit again, the registration refreshed the dialog's list instead: it stays open.
      if (store.getState().status !== 'limit-reached') store.setState({ limitDialog: null })
      return registered.ok
    },
  }
}
