import { createWorld, type World } from '@coursekit/testkit'
import { describe, expect, it } from 'vitest'
import type { DeviceListItem } from '../contract/session-tracker.ts'
import { oldestDeviceId, openLimitDialog, refreshLimitDialog } from './device-limit-dialog.ts'
import { createTestDevice, learner, MINUTE, type TestDevice, tracker, weekLongTokens } from './device-test-harness.ts'

const item = (id: string, isOldest = false): DeviceListItem => ({
  id,
  isOldest,
  device: {
    sessionId: id,
    userAgent: 'ua',
    createdAt: '2026-11-02T09:00:00.000Z',
    lastSeenAt: '2026-11-02T09:00:00.000Z',
    isWatchingVideo: false,
    videoId: null,
  },
})

describe('device-limit dialog model', () => {
  it('preselects the oldest device (the first when none is marked)', () => {
    expect(openLimitDialog([item('a'), item('b', true)], 2)).toEqual({
      devices: [item('a'), item('b', true)],
      deviceLimit: 2,
      selectedId: 'b',
      removing: false,
      error: null,
    })
    expect(oldestDeviceId([item('x'), item('y')])).toBe('x')
    expect(oldestDeviceId([])).toBeNull()
  })

  it('a fresh list keeps a selection that is still listed, else selects the oldest again', () => {
    const open = { ...openLimitDialog([item('a', true), item('b')], 2), selectedId: 'b', removing: true }
    expect(refreshLimitDialog(open, [item('a', true), item('b')], null)).toMatchObject({
      selectedId: 'b',
      removing: false,
      deviceLimit: 2,
    })
    expect(refreshLimitDialog(open, [item('c', true)], 1)).toMatchObject({ selectedId: 'c', deviceLimit: 1 })
  })
})

/** Two devices hold both slots; a third is refused and has the dialog open. */
async function atTheLimit(world: World) {
  const oldest = createTestDevice(world, 'oldest')
  await oldest.signIn()
  await world.idle()
  await world.advance(MINUTE)
  const newer = createTestDevice(world, 'newer')
  await newer.signIn()
  await world.idle()
  const third = createTestDevice(world, 'third')
  await third.signIn()
  await world.idle()
  return { oldest, newer, third }
}

const dialogOf = (device: TestDevice) => device.service.store.getState().limitDialog

describe('device-limit dialog against the server', () => {
  it('opens with the devices, the oldest preselected', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 2 })
    const { oldest, newer, third } = await atTheLimit(world)
    const dialog = dialogOf(third)!
    expect(dialog.devices.map((d) => d.id)).toEqual([
      oldest.service.store.getState().sessionId,
      newer.service.store.getState().sessionId,
    ])
    expect(dialog.selectedId).toBe(oldest.service.store.getState().sessionId)
  })

  it('a limit 403 without canForceLogout opens no dialog and says the limit was reached', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 2, canForceLogout: false })
    const { third } = await atTheLimit(world)
    expect(third.service.store.getState()).toMatchObject({
      status: 'failed',
      isInitialized: false,
      limitDialog: null,
      lastError: '최대 기기 수에 도달했습니다.',
    })
    expect(third.notices).toContainEqual({
      kind: 'warning',
      message: '최대 기기 수에 도달했습니다.',
      topic: 'device-registration',
    })
    expect(third.notices.map((n) => n.message)).not.toContain('세션 등록에 실패했습니다.')
    expect(third.seen.map(([name]) => name)).not.toContain('deviceLimitReached')
    expect(await third.service.register()).toMatchObject({ ok: false, code: 'DEVICE_LIMIT_REACHED', status: 403 })
    expect(dialogOf(third)).toBeNull()
  })

  it('remove without a selection: 제거할 기기를 선택해주세요, nothing sent', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 2 })
    const { third } = await atTheLimit(world)
    const sent = world.requests.length
    third.service.limitDialog.select(null)
    expect(await third.service.limitDialog.remove()).toBe(false)
    expect(dialogOf(third)).toMatchObject({ error: '제거할 기기를 선택해주세요', removing: false })
    expect(world.requests).toHaveLength(sent)
    // Choosing a device clears the message.
    third.service.limitDialog.select(dialogOf(third)!.devices[1]!.id)
    expect(dialogOf(third)).toMatchObject({ error: null })
  })

  it('success: the selected device is signed out, this one registered at once, the dialog closes', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 2 })
    const { oldest, newer, third } = await atTheLimit(world)
    const newerId = newer.service.store.getState().sessionId!
    const thirdId = third.service.store.getState().sessionId!
    third.service.limitDialog.select(newerId)
    const removing = third.service.limitDialog.remove()
    expect(dialogOf(third)).toMatchObject({ removing: true })
    expect(await removing).toBe(true)
    expect(tracker(world, `force-logout/${encodeURIComponent(newerId)}`, 'third')).toHaveLength(1)
    expect(world.requests.filter((r) => r.device === 'third').map((r) => r.path.split('/').slice(4, 5).join())).toEqual(
      ['', 'force-logout', ''],
    )
    expect(third.service.store.getState()).toMatchObject({
      status: 'registered',
      isInitialized: true,
      limitDialog: null,
      lastError: null,
      sessionId: thirdId,
    })
    expect(third.notices).toContainEqual({
      kind: 'success',
      message: '기기가 성공적으로 제거되었습니다',
      topic: 'device-registration',
    })
    const live = world.backend.context.devices.list(learner.id).map((d) => d.id)
    expect(live.sort()).toEqual([oldest.service.store.getState().sessionId, thirdId].sort())
    // The removed device hears about it with its next heartbeat.
    await world.advance(20 * MINUTE, MINUTE)
    expect(newer.seen).toContainEqual(['evicted', expect.objectContaining({ reason: 'forced' })])
  })

  it('a refused removal: 기기 제거에 실패했습니다. 다시 시도해주세요.; the dialog stays', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 2 })
    const { third } = await atTheLimit(world)
    world.backend.faults.add({ path: '/api/v2/session-tracker/force-logout/*', kind: 'status', status: 500, count: 1 })
    expect(await third.service.limitDialog.remove()).toBe(false)
    expect(dialogOf(third)).toMatchObject({ error: '기기 제거에 실패했습니다. 다시 시도해주세요.', removing: false })
    expect(third.service.store.getState().status).toBe('limit-reached')
  })

  it('a removal that gets no answer (the connection dropped): 기기 제거 중 오류가 발생했습니다. 다시 시도해주세요.; the dialog stays', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 2 })
    const { third } = await atTheLimit(world)
    world.backend.faults.add({ path: '/api/v2/session-tracker/force-logout/*', kind: 'drop', count: 1 })
    expect(await third.service.limitDialog.remove()).toBe(false)
    expect(dialogOf(third)).toMatchObject({
      error: '기기 제거 중 오류가 발생했습니다. 다시 시도해주세요.',
      removing: false,
    })
    expect(third.service.store.getState().status).toBe('limit-reached')
  })

  it('an exception: 기기 제거 중 오류가 발생했습니다. 다시 시도해주세요.', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 1 })
    const first = createTestDevice(world, 'first')
    await first.signIn()
    await world.idle()
    let throwOnForceLogout = false
    const third = createTestDevice(world, 'third', {
      wrapApi: (api) => ({
        ...api,
        call: ((name: string, ...args: unknown[]) => {
          if (throwOnForceLogout && name === 'forceLogout') throw new Error('boom')
          return (api.call as (...a: unknown[]) => unknown)(name, ...args)
        }) as typeof api.call,
      }),
    })
    await third.signIn()
    await world.idle()
    throwOnForceLogout = true
    expect(await third.service.limitDialog.remove()).toBe(false)
    expect(dialogOf(third)).toMatchObject({ error: '기기 제거 중 오류가 발생했습니다. 다시 시도해주세요.' })
  })

  it('a device that is already gone does not lock the user out: the registration is retried all the same', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 2 })
    const { oldest, third } = await atTheLimit(world)
    // The preselected device signs out on its own before the user clicks.
    await oldest.signOut()
    await world.idle()
    expect(await third.service.limitDialog.remove()).toBe(true)
    expect(third.service.store.getState()).toMatchObject({ status: 'registered', limitDialog: null })
  })

  it('close leaves the device unregistered', async () => {
    const world = await createWorld({ ...weekLongTokens, deviceLimit: 2 })
    const { third } = await atTheLimit(world)
    third.service.limitDialog.close()
    expect(third.service.store.getState()).toMatchObject({ limitDialog: null, status: 'limit-reached' })
  })
})
