import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parse } from 'yaml'
import * as z from 'zod'
import type { Account } from '../run/account.ts'
import { UsageError } from '../terminal/exit-codes.ts'

/**
 * Accounts for a deployment, never from a flag (flags end up in shell history and `ps`):
 * COURSEKIT_EMAIL and COURSEKIT_PASSWORD for one, or a users file (YAML or JSON) for many:
 *
 *   - email: kim@example.com
 *     password-env: KIM_PASSWORD      # or password: … (keep such a file private)
 */
const UserEntry = z.strictObject({
  email: z.email(),
  password: z.string().min(1).optional(),
  'password-env': z.string().optional(),
})
const UsersFile = z.union([z.array(UserEntry).min(1), z.strictObject({ users: z.array(UserEntry).min(1) })])

export async function accountsFromFile(
  path: string,
  cwd: string,
  env: Record<string, string | undefined>,
): Promise<Account[]> {
  let text: string
  try {
    text = await readFile(resolve(cwd, path), 'utf8')
  } catch (error) {
    throw new UsageError(
      `cannot read the users file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    )
  }
  let data: unknown
  try {
    data = parse(text)
  } catch (error) {
    throw new UsageError(`the users file ${path} is not YAML or JSON: ${(error as Error).message.split('\n')[0]}`)
  }
  const parsed = UsersFile.safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new UsageError(`the users file ${path}: ${issue.path.join('.') || 'file'}: ${issue.message}`)
  }
  const entries = Array.isArray(parsed.data) ? parsed.data : parsed.data.users
  return entries.map((entry, i) => {
    const password = entry.password ?? (entry['password-env'] ? env[entry['password-env']] : undefined)
    if (!password) {
      throw new UsageError(
        `the users file ${path}: entry ${i + 1} (${entry.email}) has no password${entry['password-env'] ? ` (${entry['password-env']} is not set)` : ''}`,
      )
    }
    return { name: `u${String(i + 1).padStart(4, '0')}`, email: entry.email, password }
  })
}

/** One account from COURSEKIT_EMAIL (or --email) and COURSEKIT_PASSWORD, or null when neither is set. */
export function accountFromEnv(env: Record<string, string | undefined>, email?: string): Account | null {
  const address = email ?? env.COURSEKIT_EMAIL?.trim()
  const password = env.COURSEKIT_PASSWORD
  if (!address && !password) return null
  if (!address) throw new UsageError('COURSEKIT_PASSWORD is set but no e-mail: set COURSEKIT_EMAIL or pass --email')
  if (!password)
    throw new UsageError(`no password for ${address}: set COURSEKIT_PASSWORD (it is never taken from a flag)`)
  return { name: 'u0001', email: address, password }
}
