import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../platform/memory-storage.ts'
import { belongsTo, deviceSessionIdFor, randomDeviceId } from './device-id-storage.ts'

describe('device session id', () => {
  it('is the user id, an underscore and a generated id, kept in local storage as session_id', () => {
    const storage = createMemoryStorage()
    const id = deviceSessionIdFor(storage, 'user-1', () => 'abc')
    expect(id).toBe('user-1_abc')
    expect(storage.entries()).toEqual({ session_id: 'user-1_abc' })
  })

  it('is kept for the same user (a reload or another tab is the same device)', () => {
    const storage = createMemoryStorage({ session_id: 'user-1_kept' })
    expect(deviceSessionIdFor(storage, 'user-1', () => 'new')).toBe('user-1_kept')
  })

  it('is new for a different user, even one whose id starts like the other', () => {
    const storage = createMemoryStorage({ session_id: 'user-1_kept' })
    expect(deviceSessionIdFor(storage, 'user-2', () => 'new')).toBe('user-2_new')
    expect(deviceSessionIdFor(storage, 'user', () => 'x')).toBe('user_x')
    expect(belongsTo('user-1_', 'user-1')).toBe(false)
  })

  it('generates 128 random bits as hex', () => {
    const ids = new Set(Array.from({ length: 100 }, randomDeviceId))
    expect(ids.size).toBe(100)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/)
  })
})
