import { classifyUserAgent } from '@coursekit/core/display'
import { DEMO_PASSWORD, demoAccounts } from '@coursekit/mock-server'
import { type MockServer, startMockServer } from '@coursekit/mock-server/node'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../terminal/test-io.ts'
import { cliUserAgent } from '../version.ts'

const learner = { COURSEKIT_EMAIL: demoAccounts.learner.email, COURSEKIT_PASSWORD: DEMO_PASSWORD }

describe('devices and login, as people read them', () => {
  let server: MockServer
  beforeEach(async () => {
    server = await startMockServer({ port: 0 })
  })
  afterEach(async () => {
    await server.close()
  })

  it('says "no devices signed in" once, and "1 device signed in:" above a table', async () => {
    const empty = await runCli(['devices', 'list', '--api', server.url], { env: learner })
    expect(empty.code).toBe(0)
    expect(empty.stdout).toBe(`${learner.COURSEKIT_EMAIL}: no devices signed in\n`)

    const login = await runCli(['login', '--api', server.url, '--register'], { env: learner })
    expect(login.code).toBe(0)
    expect(login.stdout).toContain('\n1 device signed in:\nsession id')
    expect(login.stdout).not.toContain('device(s)')
  })

  it("names the CLI's own device instead of Other on Other", async () => {
    const login = await runCli(['login', '--api', server.url, '--register'], { env: learner })
    expect(login.stdout).toMatch(/\(this one\)\s+oldest\s+coursekit-cli\/\d+\.\d+\.\d+ on \S+ \(desktop\)/)
    expect(login.stdout).not.toContain('Other on Other')
  })
})

describe('cliUserAgent', () => {
  it('carries the operating system in the tokens browsers use, so its OS is classified', () => {
    const cases: [string, string, string][] = [
      ['linux', 'x64', 'Linux'],
      ['darwin', 'arm64', 'macOS'],
      ['win32', 'x64', 'Windows'],
    ]
    for (const [platform, arch, os] of cases) {
      const userAgent = cliUserAgent(platform, arch, '24.21.0')
      expect(userAgent).toMatch(/^coursekit-cli\/\d+\.\d+\.\d+ \(.+\) Node\.js\/24\.21\.0$/)
      expect(classifyUserAgent(userAgent)).toEqual({ browser: 'Other', os, deviceType: 'desktop' })
    }
  })
})
