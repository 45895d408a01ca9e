import { describe, expect, it } from 'vitest'
import { createSimulatedClock } from '../../testing/index.ts'
import { createMailCooldown } from './mail-cooldown.ts'

describe('the mail cooldown', () => {
  it('counts an address down second by second on the clock, and tells its subscribers at each second', () => {
    const clock = createSimulatedClock()
    const cooldown = createMailCooldown(clock)
    const seen: number[] = []
    cooldown.subscribe('Person@Example.com ', () => seen.push(cooldown.secondsLeft('person@example.com')))
    expect(cooldown.secondsLeft('person@example.com')).toBe(0)

    cooldown.wait('person@example.com', 3)
    expect(seen).toEqual([3])
    clock.tick(999)
    expect(cooldown.secondsLeft('person@example.com')).toBe(3)
    expect(seen).toEqual([3])
    clock.tick(1)
    expect(seen).toEqual([3, 2])
    clock.tick(2_000)
    expect(seen).toEqual([3, 2, 1, 0])
    clock.tick(10_000)
    expect(seen).toEqual([3, 2, 1, 0])
    expect(clock.pendingTimers()).toBe(0)
  })

  it('keeps each address apart, and runs no timer for an address nobody watches', () => {
    const clock = createSimulatedClock()
    const cooldown = createMailCooldown(clock)
    cooldown.wait('a@example.com', 30)
    expect(clock.pendingTimers()).toBe(0)
    expect(cooldown.secondsLeft('b@example.com')).toBe(0)
    clock.tick(10_500)
    expect(cooldown.secondsLeft('A@EXAMPLE.COM')).toBe(20)

    const unsubscribe = cooldown.subscribe('a@example.com', () => {})
    expect(clock.pendingTimers()).toBe(1)
    unsubscribe()
    expect(clock.pendingTimers()).toBe(0)
  })

  it('dispose stops the timers', () => {
    const clock = createSimulatedClock()
    const cooldown = createMailCooldown(clock)
    let calls = 0
    cooldown.subscribe('a@example.com', () => calls++)
    cooldown.wait('a@example.com', 5)
    cooldown.dispose()
    clock.tick(10_000)
    expect(calls).toBe(1)
  })
})
