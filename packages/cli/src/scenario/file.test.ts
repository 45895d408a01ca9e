import { describe, expect, it } from 'vitest'
import { parseScenario, ScenarioFileError } from './file.ts'

function problems(text: string): { line: number; at: string; message: string }[] {
  try {
    parseScenario(text, 'test.yaml')
  } catch (error) {
    if (error instanceof ScenarioFileError)
      return error.problems.map(({ line, at, message }) => ({ line, at, message }))
    throw error
  }
  throw new Error('expected the scenario to be refused')
}

const valid = `name: ok
devices:
  laptop: {}
  phone: {}
steps:
  - sign-in: [laptop, phone]
  - advance: 20m
  - expect: { registered: laptop }
expect:
  - live-devices: { user: learner, count: 2 }
`

describe('parseScenario', () => {
  it('reads a valid scenario into steps and expectations', () => {
    const scenario = parseScenario(valid, 'ok.yaml')
    expect(scenario.name).toBe('ok')
    expect(scenario.steps).toEqual([
      { kind: 'sign-in', args: ['laptop', 'phone'] },
      { kind: 'advance', args: 1_200_000 },
      {
        kind: 'expect',
        args: [{ kind: 'registered', args: { devices: ['laptop'], count: undefined, created: undefined } }],
      },
    ])
    expect(scenario.expect).toEqual([{ kind: 'live-devices', args: { user: 'learner', count: 2 } }])
  })

  it('reads JSON as well', () => {
    const json = JSON.stringify({ name: 'json', devices: { a: {} }, steps: [{ 'sign-in': 'a' }, { watch: 'a' }] })
    expect(parseScenario(json, 'x.json').steps).toEqual([
      { kind: 'sign-in', args: ['a'] },
      { kind: 'watch', args: { device: 'a', video: 'lesson-01' } },
    ])
  })

  it('gives the line of a YAML syntax error', () => {
    const found = problems('name: broken\ndevices:\n  laptop: {}\nsteps:\n  - sign-in: [laptop\n')
    expect(found[0]!.line).toBeGreaterThanOrEqual(5)
  })

  it('gives the line of an unknown step and of a bad duration', () => {
    const text = `name: bad
devices:
  laptop: {}
steps:
  - sign-in: laptop
  - sing-out: laptop
  - advance: 20 minutes
`
    expect(problems(text)).toEqual([
      expect.objectContaining({
        line: 6,
        at: 'steps[1].sing-out',
        message: expect.stringContaining('unknown step "sing-out"'),
      }),
      expect.objectContaining({ line: 7, at: 'steps[2].advance', message: expect.stringContaining('not a duration') }),
    ])
  })

  it('gives the line of a misspelt device name', () => {
    const text = `name: bad
devices:
  laptop: {}
steps:
  - sign-in: laptop
  - watch: { device: labtop }
  - remove-device: { device: laptop, target: oldest }
  - force-logout: { device: laptop, target: oldest }
  - expect: { evicted: { device: lapptop, within: 1m } }
`
    expect(problems(text)).toEqual([
      expect.objectContaining({
        line: 6,
        at: 'steps[1].watch.device',
        message: expect.stringContaining('no device "labtop"'),
      }),
      expect.objectContaining({ line: 9, at: 'steps[4].expect.evicted.device' }),
    ])
  })

  it('gives the line of an unknown key and of a missing one', () => {
    const found = problems(`devices:
  laptop: { usr: kim }
steps:
  - sign-in: laptop
`)
    expect(found).toEqual([
      expect.objectContaining({ line: 1, at: 'name' }),
      expect.objectContaining({ line: 2, at: 'devices.laptop.usr', message: expect.stringContaining('usr') }),
    ])
  })

  it('refuses a device of a user that does not exist, and an expectation about an unknown user', () => {
    const found = problems(`name: users
users:
  kim: { email: kim@coursekit.test }
devices:
  a: { user: lee }
steps:
  - sign-in: a
  - expect: { live-devices: { user: park, count: 1 } }
`)
    expect(found.map((problem) => [problem.line, problem.at])).toEqual([
      [5, 'devices.a.user'],
      [8, 'steps[1].expect.live-devices.user'],
    ])
  })

  it('reports unknown names in the same pass as every other problem', () => {
    const found = problems(`name: all at once
devices:
  laptop: { usr: kim }
  phone: {}
steps:
  - sign-in: [laptop, tablet]
  - advance: forever
  - watch: { device: phone }
  - expect: { live-devices: { user: park, count: 1 } }
expect:
  - registered: desk
`)
    expect(found.map((problem) => [problem.line, problem.at, problem.message])).toEqual([
      [3, 'devices.laptop.usr', expect.stringContaining('usr')],
      [6, 'steps[0].sign-in[1]', 'no device "tablet" (devices: laptop, phone)'],
      [7, 'steps[1].advance', expect.stringContaining('not a duration')],
      [9, 'steps[3].expect.live-devices.user', 'no user "park" (users: learner)'],
      [11, 'expect.registered', 'no device "desk" (devices: laptop, phone)'],
    ])
  })

  it('formats problems as file:line:column', () => {
    try {
      parseScenario('name: x\ndevices: {}\nsteps: []\n', 'scenarios/x.yaml')
    } catch (error) {
      expect(String((error as Error).message)).toMatch(/^scenarios\/x\.yaml:\d+:\d+: /)
      return
    }
    throw new Error('expected a problem')
  })
})
