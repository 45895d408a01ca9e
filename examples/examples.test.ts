import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)

/** Runs an example as a consumer would, with Node's type stripping and the source condition. */
async function example(file: string): Promise<string> {
  const path = fileURLToPath(new URL(file, import.meta.url))
  const { stdout } = await run(process.execPath, ['--conditions=@coursekit/source', path], { timeout: 60_000 })
  return stdout
}

describe('examples', () => {
  it('node-quickstart signs in, registers, watches, lists and signs out', async () => {
    expect(await example('./node-quickstart.ts')).toBe(
      [
        'signed in as 하늘 (USER), profile complete: true',
        'device registered: true',
        'watching lesson-101: true',
        'devices signed in: 1',
        'signed out: unauthenticated',
        '',
      ].join('\n'),
    )
  })

  it('desktop-wrapper goes through the native proxy and keeps the token and the auth session natively', async () => {
    expect(await example('./desktop-wrapper.ts')).toBe(
      [
        'sign-in: signed-in',
        'token and session kept natively: true',
        'GET /api/users/{id} through the proxy: 200 learner@coursekit.dev',
        'token and session cleared natively: true',
        'native commands used: clear_auth_token, get_auth_token, proxy, save_auth_token',
        '',
      ].join('\n'),
    )
  })

  it('device-limit resolves the limit by removing the oldest device, which learns it was signed out', async () => {
    expect(await example('./device-limit.ts')).toBe(
      [
        'laptop: registered',
        'phone: notice 최대 기기 수에 도달했습니다.',
        'phone: limit-reached; dialog lists 1 device(s), oldest preselected: true',
        'phone: notice 기기가 성공적으로 제거되었습니다',
        'phone: registered',
        'laptop: notice 다른 기기에서 이 기기를 로그아웃했습니다. 다시 로그인해주세요.',
        'laptop: signed out by the server (forced)',
        'laptop after 20 simulated minutes: unauthenticated, device idle',
        '',
      ].join('\n'),
    )
  })
})
