import { MINUTE } from '@coursekit/core/clock'
import { demoAccounts } from '@coursekit/mock-server'
import { CHROME_WINDOWS, type Device, SAFARI_IPHONE, type World } from '@coursekit/testkit'
import { createWorld, renderWithClient } from '@coursekit/testkit/react'
import { act, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { DeviceLimitDialog } from './device-limit-dialog.tsx'
import type { DeviceLimitDialogModel } from './use-device-limit-dialog.ts'

const { learner } = demoAccounts
const GALAXY_TAB =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36'

interface Scene {
  world: World
  phone: Device
  tablet: Device
  laptop: Device
}

/** The learner is signed in on a phone (the oldest) and a tablet; the laptop is the third, over a limit of 2. */
async function atTheLimit(): Promise<Scene> {
  const world = await createWorld({ deviceLimit: 2 })
  const phone = world.device({ name: 'phone', userAgent: SAFARI_IPHONE })
  await phone.signIn(learner.email, learner.password)
  await world.advance(3 * MINUTE)
  const tablet = world.device({ name: 'tablet', userAgent: GALAXY_TAB })
  await tablet.signIn(learner.email, learner.password)
  const laptop = world.device({ name: 'laptop', userAgent: CHROME_WINDOWS })
  return { world, phone, tablet, laptop }
}

const sessionOf = (device: Device) => device.client.devices!.store.getState().sessionId
const serverSessions = (world: World) => world.backend.context.devices.list(learner.id).map((session) => session.id)
const keyboard = () => userEvent.setup({ delay: null })

/** The nearest ancestor the browser lays out as a block (what starts on a line of its own). */
function blockAround(element: Element): Element {
  let node = element.parentElement
  while (node && getComputedStyle(node).display === 'inline') node = node.parentElement
  if (!node) throw new Error('no block around the element')
  return node
}

describe('DeviceLimitDialog', () => {
  it('opens labelled when the server refuses this device: each device recognisable, the oldest preselected and focused', async () => {
    const { world, phone, tablet, laptop } = await atTheLimit()
    renderWithClient(<DeviceLimitDialog />, laptop.client)
    expect(screen.queryByRole('dialog')).toBeNull()
    await laptop.signIn(learner.email, learner.password)

    const dialog = screen.getByRole('dialog', { name: '최대 기기 수에 도달했습니다.' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.hasAttribute('open')).toBe(true)
    const description = document.getElementById(dialog.getAttribute('aria-describedby')!)
    expect(description?.textContent).toContain('로그아웃할 기기를 선택해주세요')
    const group = within(dialog).getByRole('group', { name: '로그인된 기기' })
    const [oldest, newer] = within(group).getAllByRole('radio') as HTMLInputElement[]
    expect(oldest!.value).toBe(sessionOf(phone))
    expect(newer!.value).toBe(sessionOf(tablet))
    expect(oldest!.closest('label')!.textContent).toBe(
      'Safari · iOS (모바일) · 가장 먼저 로그인한 기기마지막 접속 3분 전',
    )
    expect(newer!.closest('label')!.textContent).toBe('Samsung Internet · Android (태블릿)마지막 접속 지금')
    expect(oldest!.checked).toBe(true)
    expect(document.activeElement).toBe(oldest)
    expect(serverSessions(world)).toHaveLength(2)
  })

  it("lays each device out as a block of its own: a device's last-seen line never runs into the next device's radio", async () => {
    const { laptop } = await atTheLimit()
    renderWithClient(<DeviceLimitDialog />, laptop.client)
    await laptop.signIn(learner.email, learner.password)

    const radios = within(screen.getByRole('dialog')).getAllByRole('radio')
    const blocks = radios.map((radio) => blockAround(radio))
    expect(new Set(blocks).size).toBe(radios.length)
    for (const [index, block] of blocks.entries()) {
      expect(block.textContent).toContain('마지막 접속')
      expect(block.contains(radios[index + 1] ?? null)).toBe(false)
    }
  })

  it('keyboard only: Tab stays inside the dialog, and Enter on the remove button lets this device in', async () => {
    const { world, phone, tablet, laptop } = await atTheLimit()
    renderWithClient(<DeviceLimitDialog />, laptop.client)
    await laptop.signIn(learner.email, learner.password)
    const user = keyboard()
    const dialog = screen.getByRole('dialog')
    const remove = within(dialog).getByRole('button', { name: '선택한 기기 제거' })
    const close = within(dialog).getByRole('button', { name: '닫기' })
    const [oldest] = within(dialog).getAllByRole('radio')

    // The way out first, the action last, as in every dialog.
    await user.tab()
    expect(document.activeElement).toBe(close)
    await user.tab()
    expect(document.activeElement).toBe(remove)
    await user.tab()
    expect(document.activeElement).toBe(oldest)
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(remove)
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(close)
    await user.tab()
    expect(document.activeElement).toBe(remove)

    await user.keyboard('{Enter}')
    await laptop.client.devices!.flushUpdates()
    await world.idle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(laptop.client.devices!.store.getState()).toMatchObject({ status: 'registered', limitDialog: null })
    expect(serverSessions(world).sort()).toEqual([sessionOf(tablet), sessionOf(laptop)].sort())
    expect(serverSessions(world)).not.toContain(sessionOf(phone))
    expect(laptop.notices.at(-1)).toEqual({
      kind: 'success',
      message: '기기가 성공적으로 제거되었습니다',
      topic: 'device-registration',
    })
  })

  it('keyboard only: arrows choose another device, Space keeps it, Enter in the list submits', async () => {
    const { world, phone, tablet, laptop } = await atTheLimit()
    renderWithClient(<DeviceLimitDialog />, laptop.client)
    await laptop.signIn(learner.email, learner.password)
    const user = keyboard()
    const [oldest, newer] = screen.getAllByRole('radio') as HTMLInputElement[]
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(newer)
    expect(newer!.checked).toBe(true)
    await user.keyboard(' ')
    expect(newer!.checked).toBe(true)
    expect(oldest!.checked).toBe(false)
    expect(laptop.client.devices!.store.getState().limitDialog?.selectedId).toBe(sessionOf(tablet))

    await user.keyboard('{Enter}')
    await world.idle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(serverSessions(world).sort()).toEqual([sessionOf(phone), sessionOf(laptop)].sort())
  })

  it('Escape closes it without removing anything; the device stays unregistered', async () => {
    const { world, laptop } = await atTheLimit()
    renderWithClient(<DeviceLimitDialog />, laptop.client)
    await laptop.signIn(learner.email, learner.password)
    await keyboard().keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(laptop.client.devices!.store.getState()).toMatchObject({ status: 'limit-reached', limitDialog: null })
    expect(world.requestsTo('DELETE', '')).toEqual([])
    expect(serverSessions(world)).not.toContain(sessionOf(laptop))
  })

  it('shows the spec’s three messages in the dialog, focus staying inside', async () => {
    const { world, laptop } = await atTheLimit()
    renderWithClient(<DeviceLimitDialog />, laptop.client)
    await laptop.signIn(learner.email, learner.password)
    const user = keyboard()
    const dialog = screen.getByRole('dialog')
    const remove = within(dialog).getByRole('button', { name: '선택한 기기 제거' })

    act(() => laptop.client.devices!.limitDialog.select(null))
    remove.focus()
    await user.keyboard('{Enter}')
    expect(within(dialog).getByRole('alert').textContent).toBe('제거할 기기를 선택해주세요')

    // Back into the list past 닫기 (nothing checked: Shift+Tab reaches its last option), Space chooses it, the error goes.
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '닫기' }))
    await user.tab({ shift: true })
    const focused = document.activeElement as HTMLInputElement
    expect(within(dialog).getAllByRole('radio').at(-1)).toBe(focused)
    await user.keyboard(' ')
    expect(laptop.client.devices!.store.getState().limitDialog?.selectedId).toBe(focused.value)
    expect(within(dialog).queryByRole('alert')).toBeNull()

    world.backend.faults.add({ path: '/api/v2/session-tracker/force-logout/*', kind: 'status', status: 500, count: 1 })
    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(remove)
    await user.keyboard('{Enter}')
    await world.idle()
    expect(within(dialog).getByRole('alert').textContent).toBe('기기 제거에 실패했습니다. 다시 시도해주세요.')
    expect(remove.getAttribute('aria-disabled')).toBe('false')
    expect(document.activeElement).toBe(remove)

    const call = vi.spyOn(laptop.client.api, 'call').mockRejectedValueOnce(new Error('socket hang up'))
    await user.keyboard('{Enter}')
    await world.idle()
    expect(call).toHaveBeenCalled()
    expect(within(dialog).getByRole('alert').textContent).toBe('기기 제거 중 오류가 발생했습니다. 다시 시도해주세요.')
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(serverSessions(world)).not.toContain(sessionOf(laptop))
  })

  it('headless: a render prop gets the model, open or not', async () => {
    const { phone, laptop } = await atTheLimit()
    const models: DeviceLimitDialogModel[] = []
    renderWithClient(
      <DeviceLimitDialog>
        {(model) => {
          models.push(model)
          return model.open ? <p>{model.devices.map((device) => device.name).join(', ')}</p> : null
        }}
      </DeviceLimitDialog>,
      laptop.client,
    )
    expect(models.at(-1)).toMatchObject({ open: false, devices: [] })
    await laptop.signIn(learner.email, learner.password)
    expect(models.at(-1)).toMatchObject({
      open: true,
      title: '최대 기기 수에 도달했습니다.',
      selectedId: sessionOf(phone),
      deviceLimit: 2,
      removing: false,
      error: null,
    })
    expect(screen.getByText('Safari · iOS, Samsung Internet · Android')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
