import type { BrowserContext } from 'playwright-core'

/**
 * The pages of `context` hear each other as tabs in separate renderer processes do, at their worst:
 * the messages on `channel` and the other tab's local storage writes arrive late, after
 * `roundTrips` requests to the server, so after a lock's grant that came by another path. Late in
 * real time, as they are: Playwright's clock does not make them come sooner.
 */
export async function lagOtherTabs(context: BrowserContext, channel: string, roundTrips = 40): Promise<void> {
  await context.addInitScript(
    ({ channel, roundTrips }) => {
      const late = async () => {
        for (let i = 0; i < roundTrips; i++) {
          await fetch(location.origin, { method: 'HEAD', cache: 'no-store' }).catch(() => {})
        }
      }
      const listen = BroadcastChannel.prototype.addEventListener
      BroadcastChannel.prototype.addEventListener = function (
        this: BroadcastChannel,
        type: string,
        listener: EventListenerOrEventListenerObject | null,
        options?: boolean | AddEventListenerOptions,
      ) {
        if (type === 'message' && this.name === channel && typeof listener === 'function') {
          listen.call(this, type, (event) => void late().then(() => listener.call(this, event)), options)
        } else if (listener) listen.call(this, type, listener, options)
      }
      // What this tab reads of a key the other tab wrote: the value before, until the write arrives.
      const shownOf = new WeakMap<Storage, Map<string, string | null>>()
      const shown = (storage: Storage) => {
        if (!shownOf.has(storage)) shownOf.set(storage, new Map())
        return shownOf.get(storage)!
      }
      const { getItem, setItem, removeItem } = Storage.prototype
      Storage.prototype.getItem = function (key) {
        const values = shown(this)
        return values.has(key) ? values.get(key)! : getItem.call(this, key)
      }
      Storage.prototype.setItem = function (key, value) {
        shown(this).set(key, value)
        setItem.call(this, key, value)
      }
      Storage.prototype.removeItem = function (key) {
        shown(this).set(key, null)
        removeItem.call(this, key)
      }
      window.addEventListener('storage', ({ key, oldValue, newValue, storageArea }) => {
        if (key === null || storageArea === null) return
        const values = shown(storageArea)
        if (!values.has(key)) values.set(key, oldValue)
        void late().then(() => values.set(key, newValue))
      })
    },
    { channel, roundTrips },
  )
}
