import type { Command } from 'commander'
import { unreachableTarget } from '../target/reachability.ts'
import { openRemoteSession } from '../target/remote-session.ts'
import { renderDeviceList } from '../terminal/device-table.ts'
import { EXIT_FAILED, EXIT_OK } from '../terminal/exit-codes.ts'
import type { CliIo } from '../terminal/io.ts'
import { colourEnabled, createStyle } from '../terminal/style.ts'
import { addSessionFlags, type SessionFlags, sessionTarget } from './session-flags.ts'

export function registerDevices(program: Command, io: CliIo, setExit: (code: number) => void): void {
  const devices = program
    .command('devices')
    .description("list or remove the account's signed-in devices (against a deployment or `coursekit serve`)")
  addSessionFlags(devices.command('list').description('list the devices signed in now, oldest first')).action(
    async (flags: SessionFlags) => {
      setExit(await list(flags, io))
    },
  )
  addSessionFlags(
    devices
      .command('remove')
      .description('sign one device out (as the device-limit dialog does)')
      .argument('<id>', 'the session id, from `devices list`'),
  ).action(async (id: string, flags: SessionFlags) => {
    setExit(await remove(id, flags, io))
  })
}

async function list(flags: SessionFlags, io: CliIo): Promise<number> {
  const { target, account } = await sessionTarget(flags, io)
  const unreachable = await unreachableTarget(target)
  if (unreachable) return failed(io, flags, null, unreachable)
  const session = await openRemoteSession(target, account, { register: false })
  try {
    if (session.result.status !== 'signed-in') return signInFailed(io, flags, session.result)
    const listed = await session.client.api.call('listSessions', {}, { notify: false })
    if (!listed.ok) return failed(io, flags, listed.status, listed.error)
    if (flags.json)
      io.stdout.write(`${JSON.stringify({ type: 'devices', email: account.email, devices: listed.data.sessions })}\n`)
    else {
      const style = createStyle(colourEnabled({ isTTY: io.stdout.isTTY, env: io.env }))
      io.stdout.write(`${account.email}: ${renderDeviceList(listed.data.sessions, style)}`)
    }
    return EXIT_OK
  } finally {
    await session.close()
  }
}

async function remove(id: string, flags: SessionFlags, io: CliIo): Promise<number> {
  const { target, account } = await sessionTarget(flags, io)
  const unreachable = await unreachableTarget(target)
  if (unreachable) return failed(io, flags, null, unreachable)
  const session = await openRemoteSession(target, account, { register: false })
  try {
    if (session.result.status !== 'signed-in') return signInFailed(io, flags, session.result)
    const removed = await session.client.api.call('removeSession', { params: { id } }, { notify: false })
    if (!removed.ok) return failed(io, flags, removed.status, removed.error)
    const message = typeof removed.data.message === 'string' ? removed.data.message : 'removed'
    if (flags.json) io.stdout.write(`${JSON.stringify({ type: 'removed', id, message })}\n`)
    else io.stdout.write(`${id}: ${message}\n`)
    return EXIT_OK
  } finally {
    await session.close()
  }
}

export function signInFailed(
  io: CliIo,
  flags: SessionFlags,
  result: { status: string; message?: string | null },
): number {
  const message =
    result.status === 'verification-required'
      ? 'the e-mail address is not confirmed yet'
      : (result.message ?? result.status)
  return failed(io, flags, null, `sign-in failed: ${message}`)
}

export function failed(io: CliIo, flags: SessionFlags, status: number | null, message: string): number {
  if (flags.json) io.stdout.write(`${JSON.stringify({ type: 'error', status, message })}\n`)
  io.stderr.write(`coursekit: ${status ? `${status} ` : ''}${message}\n`)
  return EXIT_FAILED
}
