import * as z from 'zod'
import { parseThreshold } from '../run/thresholds.ts'
import { parseDuration } from '../terminal/duration.ts'

/**
 * The scenario file (YAML or JSON). Step and expectation names are kebab-case keys, each step a map
 * with one key:
 *
 *   name: The device limit, resolved by removing the oldest
 *   backend: { device-limit: 2 }
 *   devices: { laptop: {}, phone: {}, tablet: {} }
 *   steps:
 *     - sign-in: [laptop, phone]
 *     - sign-in: tablet
 *     - expect: { device-limit: { device: tablet, devices: 2 } }
 *     - remove-device: { device: tablet, target: oldest }
 *     - expect: { evicted: { device: laptop, within: 20m } }
 */

const Name = z.string().regex(/^[A-Za-z0-9][\w.-]*$/, 'a name of letters, digits, ".", "_" or "-"')
const Names = z.union([Name, z.array(Name).min(1)]).transform((value) => (Array.isArray(value) ? value : [value]))

const Duration = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const ms = parseDuration(value)
  if (ms === null) {
    ctx.addIssue({ code: 'custom', message: `not a duration: "${value}" (use e.g. 90s, 20m, 1h30m)` })
    return z.NEVER
  }
  return ms
})

/** `thresholds:` as on the command line (`--threshold`): "p95<200ms", "errors<1%", … */
const ThresholdText = z.string().transform((text, ctx) => {
  const parsed = parseThreshold(text)
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message })
    return z.NEVER
  }
  return parsed.threshold
})
const Thresholds = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(ThresholdText))

const VideoId = z.string().min(1).max(256)
const DEFAULT_VIDEO = 'lesson-01'

const DeviceAndVideo = z.union([
  Name.transform((device) => ({ device, video: DEFAULT_VIDEO })),
  z.strictObject({ device: Name, video: VideoId.default(DEFAULT_VIDEO) }),
])
const DeviceAndTarget = z.strictObject({
  device: Name,
  /** Another device's name, or `oldest` (the oldest of the user's devices, as the dialog preselects). */
  target: Name,
})

export const FaultStep = z.strictObject({
  path: z.string().regex(/^\//, 'a path starting with /, or a prefix ending in *'),
  method: z
    .string()
    .regex(/^(\*|GET|POST|PUT|PATCH|DELETE)$/i, 'GET, POST, PUT, PATCH, DELETE or *')
    .default('*'),
  kind: z.enum(['status', 'latency', 'drop']),
  status: z.number().int().min(400).max(599).optional(),
  latency: Duration.optional(),
  count: z.number().int().min(1).optional(),
})

const stepSchemas = {
  'sign-in': Names,
  register: Names,
  watch: DeviceAndVideo,
  'end-watch': Name,
  advance: Duration,
  'remove-device': DeviceAndTarget,
  'force-logout': DeviceAndTarget,
  'terminate-others': DeviceAndVideo,
  'sign-out': Names,
  offline: Names,
  online: Names,
  crash: Names,
  reload: Names,
  fault: FaultStep,
  'clear-faults': z.literal(true),
} as const

const Among = z.array(Name).min(1)

const expectationSchemas = {
  registered: z.union([
    Names.transform((devices) => ({ devices, count: undefined, created: undefined })),
    z
      .strictObject({
        device: Name.optional(),
        among: Among.optional(),
        count: z.number().int().min(0).optional(),
        created: z.boolean().optional(),
      })
      .refine((value) => value.device !== undefined || value.among !== undefined, 'give device or among')
      .transform(({ device, among, count, created }) => ({
        devices: among ?? (device ? [device] : []),
        count,
        created,
      })),
  ]),
  'not-registered': Names,
  'device-limit': z
    .strictObject({
      device: Name.optional(),
      among: Among.optional(),
      /** How many of `among` saw one. */
      count: z.number().int().min(0).optional(),
      /** The number of devices the event listed. */
      devices: z.number().int().min(0).optional(),
    })
    .refine((value) => value.device !== undefined || value.among !== undefined, 'give device or among')
    .transform(({ device, among, count, devices }) => ({
      devices: among ?? (device ? [device] : []),
      count,
      listed: devices,
    })),
  'video-conflict': z.union([
    Name.transform((device) => ({ device, video: undefined, with: undefined })),
    z.strictObject({ device: Name, video: VideoId.optional(), with: Name.optional() }),
  ]),
  evicted: z.strictObject({
    device: Name,
    within: Duration.default(0),
    reason: z.enum(['removed', 'forced', 'ended', 'expired', 'unknown']).optional(),
  }),
  watching: z.union([
    Name.transform((device) => ({ device, video: undefined })),
    z.strictObject({ device: Name, video: VideoId.optional() }),
  ]),
  'not-watching': Names,
  'live-devices': z.strictObject({ user: Name, count: z.number().int().min(0) }),
  notice: z.strictObject({ device: Name, message: z.string().min(1) }),
  'requests-per-device-hour': z.strictObject({
    device: Name.optional(),
    /** A contract endpoint name (heartbeat, watch, ...) or a label ("POST /api/v2/session-tracker/heartbeat"). */
    endpoint: z.string().min(1).optional(),
    min: z.number().min(0).optional(),
    max: z.number().min(0).optional(),
  }),
} as const

export type StepName = keyof typeof stepSchemas
export type ExpectationName = keyof typeof expectationSchemas
export type Step = { [K in StepName]: { kind: K; args: z.output<(typeof stepSchemas)[K]> } }[StepName]
export type Expectation = {
  [K in ExpectationName]: { kind: K; args: z.output<(typeof expectationSchemas)[K]> }
}[ExpectationName]

/** A map with exactly one key, naming one of `schemas`; parsed into { kind, args }. */
function oneOf<Schemas extends Record<string, z.ZodType>>(what: string, schemas: Schemas) {
  return z.unknown().transform((value, ctx) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: `a ${what} is a map with one key: ${Object.keys(schemas).join(', ')}` })
      return z.NEVER
    }
    const keys = Object.keys(value)
    if (keys.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: `a ${what} has exactly one key, got ${keys.length === 0 ? 'none' : keys.join(', ')}`,
      })
      return z.NEVER
    }
    const kind = keys[0]!
    const schema = schemas[kind]
    if (!schema) {
      ctx.addIssue({
        code: 'custom',
        path: [kind],
        message: `unknown ${what} "${kind}"; known: ${Object.keys(schemas).join(', ')}`,
      })
      return z.NEVER
    }
    const parsed = schema.safeParse((value as Record<string, unknown>)[kind])
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: [kind, ...issuePath(issue)], message: issue.message })
      }
      return z.NEVER
    }
    return { kind, args: parsed.data } as { kind: keyof Schemas & string; args: unknown }
  })
}

export const ExpectationSchema = oneOf('expectation', expectationSchemas) as unknown as z.ZodType<Expectation>
const Expectations = z
  .union([z.array(z.unknown()), z.record(z.string(), z.unknown())])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(ExpectationSchema))

export const StepSchema = z.unknown().transform((value, ctx) => {
  // `expect` is a step too: checks now (and may wait, for `within`).
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1) {
    const only = Object.keys(value)[0]!
    if (only === 'expect') {
      const parsed = Expectations.safeParse((value as Record<string, unknown>).expect)
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', path: ['expect', ...issuePath(issue)], message: issue.message })
        }
        return z.NEVER
      }
      return { kind: 'expect' as const, args: parsed.data }
    }
  }
  const parsed = oneOf('step', { ...stepSchemas, expect: z.never() }).safeParse(value)
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issuePath(issue), message: issue.message })
    return z.NEVER
  }
  return parsed.data as Step
})

export type ScenarioStep = Step | { kind: 'expect'; args: Expectation[] }

const UserSchema = z
  .strictObject({
    email: z.email(),
    password: z.string().min(1).optional(),
    /** Read the password from this environment variable (for a deployment: keep it out of the file). */
    'password-env': z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
      .optional(),
  })
  .refine((user) => !(user.password && user['password-env']), 'give password or password-env, not both')

/**
 * The shape of a scenario. Whether the device and user names it uses exist is checked apart
 * (references.ts), on every part that parses by itself, so that one pass reports both.
 */
export const ScenarioSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  backend: z
    .strictObject({
      'device-limit': z.number().int().min(1).max(10_000).optional(),
      /** How long a silent device keeps its slot (the mock's sessionLeaseMs). */
      lease: Duration.optional(),
      'token-lifetime': Duration.optional(),
    })
    .default({}),
  users: z.record(Name, UserSchema).optional(),
  devices: z.record(Name, z.strictObject({ user: Name.optional(), 'user-agent': z.string().min(1).optional() })),
  steps: z.array(StepSchema).min(1),
  expect: Expectations.optional(),
  /** Judged on the run's summary at the end, like `--threshold`: one failing fails the run. */
  thresholds: Thresholds.default([]),
})

export type Scenario = z.output<typeof ScenarioSchema>

/** Where an issue is; for an unknown key, the key itself (so its line can be found). */
export function issuePath(issue: z.core.$ZodIssue): PropertyKey[] {
  if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) return [...issue.path, issue.keys[0]!]
  return issue.path
}
