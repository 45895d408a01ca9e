import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runGjs, skipWithoutWebKitGtk } from './gjs-runner.ts'

interface FileState {
  exists: boolean
  mode?: number
  folderMode?: number
}
type Result = { value: string | null; file: FileState } | { error: string; file: FileState }

describe.skipIf(skipWithoutWebKitGtk({ window: false }))('the native token store (src/token-file.js under gjs)', () => {
  let root: string
  let store: string
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'coursekit-token-file-'))
    store = join(root, 'config', 'coursekit', 'desktop-store.json')
  })
  afterEach(() => rm(root, { recursive: true, force: true }))

  const run = (operations: unknown[][]) => runGjs<Result[]>('token-file-run.js', [store, JSON.stringify(operations)])

  it('keeps named values in a 0600 file in a 0700 folder, and removes the file when the last is cleared', async () => {
    const results = await run([
      ['get', 'auth_token'],
      ['set', 'auth_token', 'token-1'],
      ['set', 'supabase.session', '{"refresh_token":"r"}'],
      ['get', 'auth_token'],
      ['get', 'supabase.session'],
      ['clear', 'auth_token'],
      ['get', 'auth_token'],
      ['clear', 'supabase.session'],
    ])
    expect(results).toEqual([
      { value: null, file: { exists: false } },
      { value: null, file: { exists: true, mode: 0o600, folderMode: 0o700 } },
      { value: null, file: { exists: true, mode: 0o600, folderMode: 0o700 } },
      { value: 'token-1', file: { exists: true, mode: 0o600, folderMode: 0o700 } },
      { value: '{"refresh_token":"r"}', file: { exists: true, mode: 0o600, folderMode: 0o700 } },
      { value: null, file: { exists: true, mode: 0o600, folderMode: 0o700 } },
      { value: null, file: { exists: true, mode: 0o600, folderMode: 0o700 } },
      { value: null, file: { exists: false } },
    ])
  })

  it('is owner-only even when the folder already existed open to everyone and the umask is loose', async () => {
    await mkdir(join(root, 'config', 'coursekit'), { recursive: true, mode: 0o777 })
    const results = await run([['set', 'auth_token', 'token-1']])
    expect(results[0]).toEqual({ value: null, file: { exists: true, mode: 0o600, folderMode: 0o700 } })
  })

  it('replaces the file atomically: no temporary file is left beside it, and a reader sees whole JSON', async () => {
    await run([
      ['set', 'auth_token', 'a'.repeat(10_000)],
      ['set', 'auth_token', 'b'.repeat(10_000)],
    ])
    expect(await readdir(join(root, 'config', 'coursekit'))).toEqual(['desktop-store.json'])
    expect(JSON.parse(await readFile(store, 'utf8'))).toEqual({ auth_token: 'b'.repeat(10_000) })
  })

  it('moves an unreadable file aside instead of overwriting it, and refuses bad keys and values clearly', async () => {
    await mkdir(join(root, 'config', 'coursekit'), { recursive: true })
    await writeFile(store, '{not json')
    const results = await run([
      ['get', 'auth_token'],
      ['set', 'auth_token', 'token-2'],
      ['set', '', 'x'],
      ['set', 'auth_token', 42],
      ['get', 'auth_token'],
    ])
    expect(results.map((result) => ('error' in result ? result.error : result.value))).toEqual([
      null,
      null,
      'the key must be a non-empty string of at most 200 characters',
      'the value for "auth_token" must be a string',
      'token-2',
    ])
    expect(await readFile(`${store}.unreadable`, 'utf8')).toBe('{not json')
  })
})
