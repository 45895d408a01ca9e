import { messages } from '../kernel/messages.ts'
import { noticeTopics } from '../kernel/notice-topics.ts'
import type { DeviceContext } from './device-context.ts'
import type { DeviceLimitDialog, DeviceLimitDialogState } from './device-limit-dialog.ts'
import type { DeviceListCache } from './device-list-cache.ts'
import type { DeviceRegistration } from './device-registration.ts'

/** What the device-limit dialog's commands need of the device session. */
export type LimitDialogSession = Pick<
  DeviceContext,
  'api' | 'generation' | 'notice' | 'requireSession' | 'safeCall' | 'store'
>

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
export function createLimitDialogCommands(
  ctx: LimitDialogSession,
  registration: DeviceRegistration,
  devices: DeviceListCache,
): DeviceLimitDialog {
  const { store } = ctx

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
      const session = ctx.requireSession(false)
      if ('ok' in session) {
        patch({ error: session.error })
        return false
      }
      const generation = ctx.generation
      patch({ removing: true, error: null })
      const response = await ctx.safeCall(() =>
        ctx.api.call(
          'forceLogout',
          { params: { sessionId: dialog.selectedId! }, query: { newSessionId: session.sessionId } },
          { notify: false },
        ),
      )
      if (generation !== ctx.generation) return false
      if (!response.ok && response.status !== 404) {
        // Spec section 8's two messages: the server refused the removal (it answered), or the removal
        // came to no answer at all (the connection dropped, or the client failed: status 0).
        const noAnswer = response.status === 0
        patch({ removing: false, error: noAnswer ? messages.deviceRemovalError : messages.deviceRemovalFailed })
        return false
      }
      devices.invalidate()
      if (response.ok) ctx.notice('success', messages.deviceRemoved, noticeTopics.deviceRegistration)
      const registered = await registration.register()
      if (generation !== ctx.generation) return false
      // At the limit again, the registration refreshed the dialog's list instead: it stays open.
      if (store.getState().status !== 'limit-reached') store.setState({ limitDialog: null })
      return registered.ok
    },
  }
}
