import { MINUTE } from '@coursekit/core/clock'
import { demoAccounts } from '@coursekit/mock-server'
import { CHROME_WINDOWS, SAFARI_IPHONE, type World } from '@coursekit/testkit'
import { createWorld, renderWithClient } from '@coursekit/testkit/react'
import { act, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { useVideoWatch } from '../lessons/use-video-watch.ts'
import { VideoConflictDialog } from './video-conflict-dialog.tsx'

const { learner } = demoAccounts

function Player(props: { videoId: string }): ReactNode {
  const watch = useVideoWatch(props.videoId, { playing: true })
  return (
    <>
      <button type="button">재생</button>
      <output>{watch.status}</output>
      <VideoConflictDialog watch={watch} />
    </>
  )
}

/** The learner's phone plays lesson-9; two minutes later the laptop (rendered) plays lesson-1. */
async function conflictScene(world: World) {
  const phone = world.device({ name: 'phone', userAgent: SAFARI_IPHONE })
  await phone.signIn(learner.email, learner.password)
  await act(() => phone.client.devices!.startWatching('lesson-9'))
  await world.advance(2 * MINUTE)
  const laptop = world.device({ name: 'laptop', userAgent: CHROME_WINDOWS })
  await laptop.signIn(learner.email, learner.password)
  renderWithClient(<Player videoId="lesson-1" />, laptop.client)
  // The user pressed play: focus is on the player when the dialog opens.
  screen.getByRole('button', { name: '재생' }).focus()
  await world.idle()
  return { phone, laptop }
}

const sessionOf = (device: { client: { devices: { store: { getState(): { sessionId: string | null } } } | null } }) =>
  device.client.devices!.store.getState().sessionId

describe('VideoConflictDialog', () => {
  it('names the device already watching; keyboard only, ending its watch lets this one watch', async () => {
    const world = await createWorld()
    const { phone, laptop } = await conflictScene(world)

    const dialog = screen.getByRole('dialog', { name: '다른 기기에서 시청 중입니다' })
    expect(dialog.textContent).toContain('Safari · iOS (모바일) · 시청 중')
    // The watching phone sends a heartbeat every minute: it was seen moments ago.
    expect(dialog.textContent).toMatch(/마지막 접속 (지금|\d+초 전)/)
    expect(screen.getByRole('status').textContent).toBe('conflict')
    const end = within(dialog).getByRole('button', { name: '다른 기기 시청 종료' })
    const close = within(dialog).getByRole('button', { name: '닫기' })
    // The way out first, the action last, as in every dialog: focus starts on 닫기.
    expect(document.activeElement).toBe(close)

    const user = userEvent.setup({ delay: null })
    await user.tab()
    expect(document.activeElement).toBe(end)
    await user.tab()
    expect(document.activeElement).toBe(close)
    await user.tab()
    expect(document.activeElement).toBe(end)
    await user.keyboard(' ')
    await world.idle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('watching')
    expect(laptop.notices.at(-1)).toEqual({ kind: 'success', message: '다른 기기 시청이 종료되었습니다.' })
    const sessions = world.backend.context.devices.list(learner.id)
    expect(sessions.find((session) => session.id === sessionOf(phone))?.isWatchingVideo).toBe(false)
    expect(sessions.find((session) => session.id === sessionOf(laptop))).toMatchObject({
      isWatchingVideo: true,
      videoId: 'lesson-1',
    })
  })

  it('a failure to end the other watch shows in it; Escape dismisses it and focus returns to the player', async () => {
    const world = await createWorld()
    const { laptop } = await conflictScene(world)
    const user = userEvent.setup({ delay: null })

    world.backend.faults.add({
      path: '/api/v2/session-tracker/terminate-others',
      kind: 'status',
      status: 500,
      count: 1,
    })
    // Focus starts on 닫기; the action is next.
    await user.tab()
    await user.keyboard('{Enter}')
    await world.idle()
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByRole('alert').textContent).toBe('다른 기기 세션을 종료할 수 없습니다')
    expect(laptop.notices.at(-1)).toEqual({ kind: 'error', message: '다른 기기 세션을 종료할 수 없습니다' })

    // The button stays focusable while busy (aria-disabled), so focus is still where the user left it.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '다른 기기 시청 종료' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '재생' }))
    expect(screen.getByRole('status').textContent).toBe('idle')
    expect(sessionOf(laptop)).not.toBeNull()
  })
})
