import { describe, expect, it } from 'vitest'
import * as display from './display.ts'
import * as flows from './flows.ts'
import * as root from './index.ts'

const namesOf = (entry: object) => Object.keys(entry)

describe("the core's public entries", () => {
  it('export each value from one entry only (a binding has one place to import it from)', () => {
    const owners = new Map<string, string[]>()
    for (const [entry, values] of Object.entries({ root, flows, display })) {
      for (const name of namesOf(values)) owners.set(name, [...(owners.get(name) ?? []), entry])
    }
    expect([...owners].filter(([, entries]) => entries.length > 1)).toEqual([])
  })

  it('keep every page flow in /flows', () => {
    const pageFlows = (entry: object) => namesOf(entry).filter((name) => /^create\w+Flow$/.test(name))
    expect(pageFlows(root)).toEqual([])
    expect(pageFlows(display)).toEqual([])
    expect(pageFlows(flows)).toHaveLength(7)
  })

  it('keep /display to pure helpers: functions and constants, no store, observer or client', () => {
    for (const [name, value] of Object.entries(display)) {
      expect(name, `${name} is a factory`).not.toMatch(/^create/)
      expect(['function', 'string'], `${name} is a ${typeof value}`).toContain(typeof value)
    }
  })
})
