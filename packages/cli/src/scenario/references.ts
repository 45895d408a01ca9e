import type { Expectation, ScenarioStep, Step } from './schema.ts'
import { ExpectationSchema, StepSchema } from './schema.ts'

/** A name that refers to no device or user of the scenario: where, and what the file has instead. */
export interface ReferenceProblem {
  path: (string | number)[]
  message: string
}

/**
 * Every device and user name the scenario uses that it does not define. Runs on the raw document,
 * next to the shape check: names come from the keys of `devices` and `users` even where an entry
 * is malformed, and each step and expectation that parses by itself is checked, so a file with a
 * bad duration and an unknown device hears about both at once.
 */
export function referenceProblems(data: unknown): ReferenceProblem[] {
  if (!isRecord(data)) return []
  const problems: ReferenceProblem[] = []
  const add = (path: (string | number)[], message: string) => problems.push({ path, message })
  const users = data.users === undefined ? ['learner'] : isRecord(data.users) ? Object.keys(data.users) : null
  const devices = isRecord(data.devices) ? Object.keys(data.devices) : null

  if (devices !== null && devices.length === 0) add(['devices'], 'name at least one device')
  if (devices !== null && users !== null) {
    for (const [name, device] of Object.entries(data.devices as Record<string, unknown>)) {
      const user = isRecord(device) ? device.user : undefined
      if (user === undefined && users.length > 1) add(['devices', name], `say which user (${users.join(', ')})`)
      else if (typeof user === 'string' && !users.includes(user)) {
        add(['devices', name, 'user'], `no user "${user}" (users: ${users.join(', ')})`)
      }
    }
  }

  const checkDevice = (name: string | undefined, path: (string | number)[]) => {
    const oldestTarget = name === 'oldest' && path[path.length - 1] === 'target'
    if (devices !== null && name !== undefined && !devices.includes(name) && !oldestTarget) {
      add(path, `no device "${name}" (devices: ${devices.join(', ')})`)
    }
  }
  const checkExpectation = (expectation: Expectation, path: (string | number)[]) => {
    for (const [key, at] of deviceRefs(expectation)) checkDevice(key, [...path, expectation.kind, ...at])
    if (expectation.kind === 'live-devices' && users !== null && !users.includes(expectation.args.user)) {
      add([...path, 'live-devices', 'user'], `no user "${expectation.args.user}" (users: ${users.join(', ')})`)
    }
  }

  if (Array.isArray(data.steps)) {
    data.steps.forEach((raw, index) => {
      const parsed = StepSchema.safeParse(raw)
      if (!parsed.success) return
      const step = parsed.data as ScenarioStep
      const path = ['steps', index]
      if (step.kind === 'expect') {
        const many = step.args.length !== 1
        for (const [i, expectation] of step.args.entries()) {
          checkExpectation(expectation, many ? [...path, 'expect', i] : [...path, 'expect'])
        }
        return
      }
      for (const [key, at] of stepDeviceRefs(step)) checkDevice(key, [...path, step.kind, ...at])
    })
  }
  if (data.expect !== undefined) {
    const list = Array.isArray(data.expect) ? data.expect : [data.expect]
    list.forEach((raw, i) => {
      const parsed = ExpectationSchema.safeParse(raw)
      if (parsed.success) checkExpectation(parsed.data, list.length === 1 ? ['expect'] : ['expect', i])
    })
  }
  return problems
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The device names a step mentions, with where in the step. */
function stepDeviceRefs(step: Step): [string | undefined, (string | number)[]][] {
  switch (step.kind) {
    case 'sign-in':
    case 'register':
    case 'sign-out':
    case 'offline':
    case 'online':
    case 'crash':
    case 'reload':
      return step.args.map((name, i) => [name, step.args.length === 1 ? [] : [i]])
    case 'watch':
    case 'terminate-others':
      return [[step.args.device, ['device']]]
    case 'end-watch':
      return [[step.args, []]]
    case 'remove-device':
    case 'force-logout':
      return [
        [step.args.device, ['device']],
        [step.args.target, ['target']],
      ]
    default:
      return []
  }
}

function deviceRefs(expectation: Expectation): [string | undefined, (string | number)[]][] {
  switch (expectation.kind) {
    case 'registered':
    case 'device-limit':
      return expectation.args.devices.map((name) => [name, []])
    case 'not-registered':
    case 'not-watching':
      return expectation.args.map((name) => [name, []])
    case 'watching':
      return [[expectation.args.device, ['device']]]
    case 'video-conflict':
      return [
        [expectation.args.device, ['device']],
        [expectation.args.with, ['with']],
      ]
    case 'evicted':
    case 'notice':
      return [[expectation.args.device, ['device']]]
    case 'requests-per-device-hour':
      return [[expectation.args.device, ['device']]]
    default:
      return []
  }
}
