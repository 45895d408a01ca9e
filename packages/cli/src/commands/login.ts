import type { Command } from 'commander'
import { unreachableTarget } from '../target/reachability.ts'
import { openRemoteSession } from '../target/remote-session.ts'
import { renderDeviceList } from '../terminal/device-table.ts'
import { formatDuration } from '../terminal/duration.ts'
import { EXIT_FAILED, EXIT_OK } from '../terminal/exit-codes.ts'
import type { CliIo } from '../terminal/io.ts'
import { colourEnabled, createStyle } from '../terminal/style.ts'
import { failed, signInFailed } from './devices.ts'
import { addSessionFlags, type SessionFlags, sessionTarget } from './session-flags.ts'

interface LoginFlags extends SessionFlags {
  register?: boolean
}

export function registerLogin(program: Command, io: CliIo, setExit: (code: number) => void): void {
  addSessionFlags(
    program
      .command('login')
      .description('sign in as a browser would, show the account, its token expiry and its devices, then sign out')
      .option('--register', 'also register as a device (shows what the device limit says), ended at sign-out'),
  ).action(async (flags: LoginFlags) => {
    setExit(await login(flags, io))
  })
}

async function login(flags: LoginFlags, io: CliIo): Promise<number> {
  const { target, account } = await sessionTarget(flags, io)
  const unreachable = await unreachableTarget(target)
  if (unreachable) return failed(io, flags, null, unreachable)
  const session = await openRemoteSession(target, account, { register: flags.register === true })
  try {
    if (session.result.status !== 'signed-in') return signInFailed(io, flags, session.result)
    const { client } = session
    const auth = client.auth!.store.getState()
    const expiresInMs = auth.expiry === null ? null : auth.expiry - Date.now()
    const device = client.devices?.store.getState() ?? null
    const listed = await client.api.call('listSessions', {}, { notify: false })
    const report = {
      type: 'login',
      email: auth.user?.email ?? account.email,
      userId: auth.user?.id ?? null,
      role: auth.role,
      profileCompletion: auth.profileCompletion,
      tokenExpiresAt: auth.expiry === null ? null : new Date(auth.expiry).toISOString(),
      device: device ? { status: device.status, sessionId: device.sessionId, error: device.lastError } : null,
      devices: listed.ok ? listed.data.sessions : null,
    }
    if (flags.json) {
      io.stdout.write(`${JSON.stringify(report)}\n`)
    } else {
      const style = createStyle(colourEnabled({ isTTY: io.stdout.isTTY, env: io.env }))
      const lines = [
        `${style.green('✓')} signed in as ${report.email} ${style.dim(`(${report.userId})`)} at ${target.apiBaseUrl}`,
        `  role      ${report.role ?? 'none'}`,
        `  profile   ${report.profileCompletion}% complete`,
        `  token     valid until ${report.tokenExpiresAt ?? 'unknown'}${expiresInMs === null ? '' : ` (${formatDuration(Math.max(0, expiresInMs))})`}`,
      ]
      if (device) {
        lines.push(
          `  device    ${device.status}${device.sessionId ? ` as ${device.sessionId}` : ''}${device.lastError ? ` · ${device.lastError}` : ''}`,
        )
      }
      io.stdout.write(`${lines.join('\n')}\n`)
      if (listed.ok) {
        io.stdout.write(`\n${renderDeviceList(listed.data.sessions, style, device?.sessionId ?? null)}`)
      }
      io.stdout.write(style.dim(flags.register ? 'signed out; this device ended.\n' : 'signed out.\n'))
    }
    return device && device.status !== 'registered' && device.status !== 'limit-reached' ? EXIT_FAILED : EXIT_OK
  } finally {
    await session.close()
  }
}
