import { describe, expect, it } from 'vitest'
import { nativeAuthSessionStorage } from './desktop-auth-session.ts'
import { DESKTOP_AUTH_SESSION_KEY, type Invoke } from './desktop-proxy.ts'

/** A native store whose commands finish only when the test lets them. */
function slowNative() {
  let kept: string | null = null
  const calls: string[] = []
  const pending: (() => void)[] = []
  let failSave = false
  let failGet = false
  const invoke: Invoke = (command, args) =>
    new Promise((resolve, reject) => {
      calls.push(`${command} ${JSON.stringify(args)}`)
      pending.push(() => {
        if (args?.key !== DESKTOP_AUTH_SESSION_KEY) reject(new Error('no key'))
        else if (command === 'get_auth_token') failGet ? reject(new Error('locked')) : resolve(kept)
        else if (command === 'save_auth_token') {
          if (failSave) return reject(new Error('locked'))
          kept = String(args.token)
          resolve(null)
        } else if (command === 'clear_auth_token') {
          kept = null
          resolve(null)
        }
      })
    })
  /** Lets every command finish, one at a time, including those the finished ones lead to. */
  const settle = async () => {
    for (;;) {
      await new Promise<void>((resolve) => setImmediate(resolve))
      const next = pending.shift()
      if (!next) return
      next()
    }
  }
  return {
    invoke,
    calls,
    settle,
    kept: () => kept,
    setKept: (value: string | null) => {
      kept = value
    },
    failSave: (on: boolean) => {
      failSave = on
    },
    failGet: (on: boolean) => {
      failGet = on
    },
  }
}

describe('the auth session in the native store', () => {
  it('is read once into memory, answers synchronously, and writes through in order under its key', async () => {
    const native = slowNative()
    native.setKept(JSON.stringify({ session: 's1', other: 3 }))
    const store = nativeAuthSessionStorage(native.invoke)
    const loaded = store.load()
    await native.settle()
    await loaded
    expect(store.get('session')).toBe('s1')
    expect(store.get('other')).toBeNull() // not a string: not a value
    store.set('session', 's2')
    store.set('verifier', 'v')
    expect(store.get('session')).toBe('s2')
    // Changes made while a write is waiting go with it: one write for both.
    await native.settle()
    expect(await store.saved()).toBe(true)
    expect(JSON.parse(native.kept()!)).toEqual({ session: 's2', verifier: 'v' })
    store.remove('session')
    store.remove('verifier')
    store.remove('absent')
    await native.settle()
    expect(await store.saved()).toBe(true)
    expect(native.kept()).toBeNull()
    expect(native.calls).toEqual([
      `get_auth_token {"key":"${DESKTOP_AUTH_SESSION_KEY}"}`,
      `save_auth_token {"key":"${DESKTOP_AUTH_SESSION_KEY}","token":"{\\"session\\":\\"s2\\",\\"verifier\\":\\"v\\"}"}`,
      `clear_auth_token {"key":"${DESKTOP_AUTH_SESSION_KEY}"}`,
    ])
  })

  it('says a failed write once, and keeps the value in memory for this page', async () => {
    const native = slowNative()
    const store = nativeAuthSessionStorage(native.invoke)
    native.failSave(true)
    store.set('session', 's')
    await native.settle()
    expect(await store.saved()).toBe(false)
    expect(await store.saved()).toBe(true)
    expect(store.get('session')).toBe('s')
  })

  it('reads a store that fails or holds garbage as no session at start-up, and keeps what it had on a later failure', async () => {
    for (const garbage of ['not json', '[1]', '42', '']) {
      const native = slowNative()
      native.setKept(garbage)
      const store = nativeAuthSessionStorage(native.invoke)
      const loaded = store.load()
      await native.settle()
      await loaded
      expect(store.get('session')).toBeNull()
    }
    const native = slowNative()
    native.failGet(true)
    const store = nativeAuthSessionStorage(native.invoke)
    const first = store.load()
    await native.settle()
    await first
    expect(store.get('session')).toBeNull()
    store.set('session', 's')
    await native.settle()
    const again = store.load()
    await native.settle()
    await again
    expect(store.get('session')).toBe('s')
  })

  it('takes what another window stored on a reload, but never over a change made after the reload was asked', async () => {
    const native = slowNative()
    const store = nativeAuthSessionStorage(native.invoke)
    native.setKept(JSON.stringify({ session: 'from-other-window' }))
    const reload = store.load()
    await native.settle()
    await reload
    expect(store.get('session')).toBe('from-other-window')

    native.setKept(JSON.stringify({ session: 'older' }))
    const racing = store.load()
    store.set('session', 'newest')
    await native.settle()
    await racing
    await store.saved()
    expect(store.get('session')).toBe('newest')
    expect(JSON.parse(native.kept()!)).toEqual({ session: 'newest' })
  })
})
