import { describe, expect, it } from 'vitest'
import { type ClientEvents, createEmitter } from './emitter.ts'

describe('createEmitter', () => {
  it('delivers typed events to their handlers only', () => {
    const events = createEmitter<ClientEvents>()
    const notices: unknown[] = []
    const navigations: unknown[] = []
    events.on('notice', (notice) => notices.push(notice))
    events.on('navigate', (navigation) => navigations.push(navigation))

    events.emit('notice', { kind: 'error', message: '세션이 만료되었습니다. 다시 로그인해주세요.' })

    expect(notices).toEqual([{ kind: 'error', message: '세션이 만료되었습니다. 다시 로그인해주세요.' }])
    expect(navigations).toEqual([])
  })

  it('subscribe returns its own undo', () => {
    const events = createEmitter<ClientEvents>()
    const seen: string[] = []
    const stop = events.subscribe('navigate', ({ to }) => seen.push(to))
    events.emit('navigate', { to: '/sign/in', replace: false, delayMs: 0 })
    stop()
    events.emit('navigate', { to: '/', replace: false, delayMs: 100 })
    expect(seen).toEqual(['/sign/in'])
  })

  it('keeps emitters apart: no shared state between two', () => {
    const a = createEmitter<ClientEvents>()
    const b = createEmitter<ClientEvents>()
    let heard = 0
    a.on('notice', () => heard++)
    b.emit('notice', { kind: 'info', message: 'x' })
    expect(heard).toBe(0)
  })
})
