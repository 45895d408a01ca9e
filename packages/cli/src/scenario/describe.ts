import { formatDuration } from '../terminal/duration.ts'
import type { Expectation, ScenarioStep } from './schema.ts'

/** One line for people: what a step does. */
export function describeStep(step: ScenarioStep): string {
  switch (step.kind) {
    case 'sign-in':
    case 'register':
    case 'sign-out':
    case 'offline':
    case 'online':
    case 'crash':
    case 'reload':
      return `${step.kind} ${step.args.join(', ')}`
    case 'watch':
      return `watch ${step.args.device} ${step.args.video}`
    case 'terminate-others':
      return `terminate-others ${step.args.device}`
    case 'end-watch':
      return `end-watch ${step.args}`
    case 'advance':
      return `advance ${formatDuration(step.args)}`
    case 'remove-device':
    case 'force-logout':
      return `${step.kind} ${step.args.device} → ${step.args.target}`
    case 'fault': {
      const { method, path, kind, status, latency, count } = step.args
      const what =
        kind === 'status'
          ? `status ${status ?? 503}`
          : kind === 'latency'
            ? `latency ${formatDuration(latency ?? 0)}`
            : 'drop'
      return `fault ${method.toUpperCase()} ${path} ${what}${count !== undefined ? ` ×${count}` : ''}`
    }
    case 'clear-faults':
      return 'clear-faults'
    case 'expect':
      return step.args.map(describeExpectation).join('; ')
  }
}

/** One line for people: what an expectation asks. */
export function describeExpectation(expectation: Expectation): string {
  switch (expectation.kind) {
    case 'registered': {
      const { devices, count, created } = expectation.args
      const which = count === undefined ? devices.join(', ') : `${count} of ${devices.join(', ')}`
      return `registered ${which}${created === undefined ? '' : created ? ' (a new device)' : ' (not a new device)'}`
    }
    case 'not-registered':
      return `not registered ${expectation.args.join(', ')}`
    case 'device-limit': {
      const { devices, count, listed } = expectation.args
      const which = count === undefined ? devices.join(', ') : `${count} of ${devices.join(', ')}`
      return `device-limit event on ${which}${listed === undefined ? '' : ` listing ${listed} devices`}`
    }
    case 'video-conflict': {
      const { device, video, with: other } = expectation.args
      return `video conflict on ${device}${video ? ` for ${video}` : ''}${other ? ` with ${other}` : ''}`
    }
    case 'evicted': {
      const { device, within, reason } = expectation.args
      return `${device} evicted${reason ? ` (${reason})` : ''}${within > 0 ? ` within ${formatDuration(within)}` : ''}`
    }
    case 'watching':
      return `${expectation.args.device} watching${expectation.args.video ? ` ${expectation.args.video}` : ''}`
    case 'not-watching':
      return `not watching ${expectation.args.join(', ')}`
    case 'live-devices':
      return `${expectation.args.count} live devices of ${expectation.args.user}`
    case 'notice':
      return `notice on ${expectation.args.device}: ${expectation.args.message}`
    case 'requests-per-device-hour': {
      const { device, endpoint, min, max } = expectation.args
      const bounds = [min !== undefined ? `≥ ${min}` : null, max !== undefined ? `≤ ${max}` : null]
        .filter(Boolean)
        .join(' and ')
      return `${endpoint ?? 'requests'} per device-hour${device ? ` of ${device}` : ''} ${bounds}`.trim()
    }
  }
}
