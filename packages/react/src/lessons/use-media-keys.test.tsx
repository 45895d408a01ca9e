import { playMedia } from '@coursekit/core'
import { fireEvent, render, screen } from '@testing-library/react'
import { type ReactNode, useRef } from 'react'
import { describe, expect, it } from 'vitest'
import { useMediaKeys } from './use-media-keys.ts'

/** A media element's playing parts, without a decoder. */
function fakeMedia(options: { refusePlay?: boolean } = {}) {
  const media = {
    paused: true,
    currentTime: 10,
    duration: 12,
    plays: 0,
    play() {
      media.plays++
      if (options.refusePlay) return Promise.reject(new DOMException('no autoplay', 'NotAllowedError'))
      media.paused = false
      return Promise.resolve()
    },
    pause() {
      media.paused = true
    },
  }
  return media
}

function Player({ media }: { media: ReturnType<typeof fakeMedia> }): ReactNode {
  const ref = useRef(media as unknown as HTMLMediaElement)
  const keys = useMediaKeys(ref)
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: stands in for the focusable video of the app
    <section aria-label="player" tabIndex={0} {...keys}>
      <button type="button">control</button>
    </section>
  )
}

describe('useMediaKeys', () => {
  it('Space plays and pauses; ← and → move 5 s within the media', () => {
    const media = fakeMedia()
    render(<Player media={media} />)
    const region = screen.getByRole('region', { name: 'player' })
    fireEvent.keyDown(region, { key: ' ' })
    expect(media.paused).toBe(false)
    fireEvent.keyDown(region, { key: ' ' })
    expect(media.paused).toBe(true)
    fireEvent.keyDown(region, { key: 'ArrowLeft' })
    expect(media.currentTime).toBe(5)
    fireEvent.keyDown(region, { key: 'ArrowLeft' })
    fireEvent.keyDown(region, { key: 'ArrowLeft' })
    expect(media.currentTime).toBe(0)
    fireEvent.keyDown(region, { key: 'ArrowRight' })
    fireEvent.keyDown(region, { key: 'ArrowRight' })
    fireEvent.keyDown(region, { key: 'ArrowRight' })
    expect(media.currentTime).toBe(12)
  })

  it('keys on the player’s own controls keep their meaning; handled keys do not scroll the page', () => {
    const media = fakeMedia()
    render(<Player media={media} />)
    fireEvent.keyDown(screen.getByRole('button', { name: 'control' }), { key: ' ' })
    expect(media.plays).toBe(0)
    const region = screen.getByRole('region', { name: 'player' })
    // fireEvent answers false when the default was prevented.
    expect(fireEvent.keyDown(region, { key: ' ' })).toBe(false)
    // The browser's own controls would toggle again on Space's keyup.
    let reachedTarget = false
    region.addEventListener('keyup', () => {
      reachedTarget = true
    })
    expect(fireEvent.keyUp(region, { key: ' ' })).toBe(false)
    expect(reachedTarget).toBe(false)
    expect(fireEvent.keyUp(region, { key: 'Tab' })).toBe(true)
    expect(media.paused).toBe(false)
  })

  it('a held Space (auto-repeat) toggles once', () => {
    const media = fakeMedia()
    render(<Player media={media} />)
    const region = screen.getByRole('region', { name: 'player' })
    fireEvent.keyDown(region, { key: ' ' })
    fireEvent.keyDown(region, { key: ' ', repeat: true })
    fireEvent.keyDown(region, { key: ' ', repeat: true })
    expect(media.paused).toBe(false)
    expect(media.plays).toBe(1)
  })

  it('a refused play() (no autoplay with sound) leaves the media paused and throws nothing', async () => {
    const media = fakeMedia({ refusePlay: true })
    playMedia(media as unknown as HTMLMediaElement)
    await Promise.resolve()
    expect(media.paused).toBe(true)
    expect(media.plays).toBe(1)
  })
})
