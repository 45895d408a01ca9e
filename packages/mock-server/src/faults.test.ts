import { describe, expect, it } from 'vitest'
import { FaultInjector } from './faults.ts'

describe('FaultInjector', () => {
  it('matches exact paths and prefixes ending in *, by method', () => {
    const faults = new FaultInjector()
    faults.add({ method: 'post', path: '/api/v2/session-tracker/*', kind: 'status', status: 500 })
    faults.add({ path: '/api/health', kind: 'drop' })
    expect(faults.take('POST', '/api/v2/session-tracker/heartbeat')?.status).toBe(500)
    expect(faults.take('GET', '/api/v2/session-tracker/heartbeat')).toBeUndefined()
    expect(faults.take('GET', '/api/health')?.kind).toBe('drop')
    expect(faults.take('GET', '/api/health/deep')).toBeUndefined()
  })

  it('retires a rule after its count', () => {
    const faults = new FaultInjector()
    const rule = faults.add({ path: '/x', kind: 'status', count: 2 })
    expect(faults.take('GET', '/x')?.id).toBe(rule.id)
    expect(faults.take('GET', '/x')?.hits).toBe(2)
    expect(faults.take('GET', '/x')).toBeUndefined()
    expect(faults.list()).toHaveLength(0)
  })

  it('rejects bad rules with a readable message and keeps the others', () => {
    const faults = new FaultInjector()
    faults.add({ path: '/ok', kind: 'drop' })
    expect(() => faults.add({ path: 'no-slash', kind: 'drop' })).toThrow(/path/)
    expect(() => faults.add({ path: '/x', kind: 'latency' })).toThrow(/latencyMs is required/)
    expect(() => faults.add({ path: '/x', kind: 'status', status: 200 })).toThrow(/status/)
    expect(() => faults.add({ path: '/x', kind: 'explode' as 'drop' })).toThrow(/kind/)
    expect(faults.list().map((rule) => rule.path)).toEqual(['/ok'])
  })

  it('removes one rule or all', () => {
    const faults = new FaultInjector()
    const a = faults.add({ path: '/a', kind: 'drop' })
    faults.add({ path: '/b', kind: 'drop' })
    expect(faults.remove(a.id)).toBe(true)
    expect(faults.remove(a.id)).toBe(false)
    faults.clear()
    expect(faults.list()).toEqual([])
  })

  it('is armed exactly while it holds a live rule', () => {
    const faults = new FaultInjector()
    expect(faults.armed).toBe(false)
    const rule = faults.add({ path: '/a', kind: 'drop', count: 1 })
    expect(faults.armed).toBe(true)
    faults.take('GET', '/a')
    expect(faults.armed).toBe(false)
    faults.add({ path: '/a', kind: 'drop' })
    faults.remove(rule.id)
    expect(faults.armed).toBe(true)
    faults.clear()
    expect(faults.armed).toBe(false)
  })
})
