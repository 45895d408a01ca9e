import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { messages, messageTemplates } from './messages.ts'

/**
 * The spec's list of every Korean string, one per line; "..." marks run-time text. A copy lives in
 * the repo so a clone tests on its own; where the spec folder sits beside the clone (as in CI), the
 * copy is checked against it.
 */
const fixture = new URL('../../fixtures/spec-messages.txt', import.meta.url)
const upstream = new URL('../../../../../shared/spec/messages.txt', import.meta.url)
const specLines = readFileSync(fixture, 'utf8')
  .split('\n')
  .map((line) => line.replace(/\r$/, ''))
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))

describe('messages', () => {
  it.skipIf(!existsSync(upstream))('uses a copy identical to the spec beside the repo', () => {
    expect(readFileSync(fixture, 'utf8')).toBe(readFileSync(upstream, 'utf8'))
  })

  it('reads the spec list (sanity: it is not empty)', () => {
    expect(specLines.length).toBeGreaterThan(25)
  })

  it.each(specLines.filter((line) => !line.includes('...')))('quotes %s exactly', (line) => {
    expect(Object.values(messages)).toContain(line)
  })

  it.each(specLines.filter((line) => line.includes('...')))('has a template for %s', (line) => {
    const rendered = Object.values(messageTemplates).map((template) => template('...'))
    expect(rendered).toContain(line)
  })

  it('templates fill in the run-time text', () => {
    expect(messageTemplates.loginFailed('Invalid login credentials')).toBe('로그인 실패: Invalid login credentials')
    expect(messageTemplates.accountCreationError('중복')).toBe('계정 생성 중 오류가 발생했습니다: 중복')
  })

  it('holds nothing the spec does not list', () => {
    for (const value of Object.values(messages)) expect(specLines).toContain(value)
  })
})
