import type { Notice } from '@coursekit/core'
import { describe, expect, it } from 'vitest'
import { NoticeLedger } from './notice-ledger.ts'
import { NoticeClaims } from './page-memory.ts'

/** A ledger on a recording sink, on page `/a`, whose deferred work runs when `turn()` is called. */
function ledgerOnPage(start = '/a') {
  const claims = new NoticeClaims()
  const ledger = new NoticeLedger(claims)
  const onScreen = new Map<string, Notice>()
  const gone = new Map<string, () => void>()
  const deferred: (() => void)[] = []
  const world = { page: start }
  ledger.attach(
    {
      show(notice, id, onGone) {
        onScreen.set(id, notice)
        gone.set(id, onGone)
      },
      dismiss(id) {
        onScreen.delete(id)
      },
    },
    () => world.page,
    (run) => deferred.push(run),
  )
  const turn = () => {
    for (const run of deferred.splice(0)) run()
  }
  const messages = () => [...onScreen.values()].map((notice) => notice.message)
  return { ledger, claims, world, turn, messages, gone, onScreen }
}

const signInFailed: Notice = { kind: 'error', message: '로그인 실패: 비밀번호 오류', topic: 'sign-in' }
const limit: Notice = { kind: 'warning', message: '최대 기기 수에 도달했습니다.', topic: 'device-registration' }

describe('NoticeLedger', () => {
  it('leaves out an error or warning whose topic a page shows itself, while it says so', () => {
    const { ledger, claims, messages } = ledgerOnPage()
    let dialogOpen = true
    const release = claims.claim('device-registration', () => dialogOpen)
    const releaseForm = claims.claim('sign-in')
    ledger.receive(limit)
    ledger.receive(signInFailed)
    expect(messages()).toEqual([])
    dialogOpen = false
    ledger.receive(limit)
    expect(messages()).toEqual(['최대 기기 수에 도달했습니다.'])
    releaseForm()
    release()
    ledger.receive(signInFailed)
    expect(messages()).toEqual(['최대 기기 수에 도달했습니다.', '로그인 실패: 비밀번호 오류'])
  })

  it('shows a success even when its topic is claimed: the page says what failed, not what worked', () => {
    const { ledger, claims, messages } = ledgerOnPage()
    claims.claim('device-removal')
    ledger.receive({ kind: 'success', message: '기기가 성공적으로 제거되었습니다', topic: 'device-removal' })
    expect(messages()).toEqual(['기기가 성공적으로 제거되었습니다'])
  })

  it('a success of the same topic, or its settled, takes the stale problem toasts away and no other', () => {
    const { ledger, messages } = ledgerOnPage()
    ledger.receive(limit)
    ledger.receive(signInFailed)
    ledger.receive({ kind: 'success', message: '기기가 성공적으로 제거되었습니다', topic: 'device-registration' })
    expect(messages()).toEqual(['로그인 실패: 비밀번호 오류', '기기가 성공적으로 제거되었습니다'])
    ledger.settle('sign-in')
    expect(messages()).toEqual(['기기가 성공적으로 제거되었습니다'])
  })

  it('the same problem again replaces its toast instead of stacking a second', () => {
    const { ledger, onScreen } = ledgerOnPage()
    ledger.receive(limit)
    ledger.receive({ ...limit })
    expect(onScreen.size).toBe(1)
    ledger.receive({ ...limit, topic: 'GET /api/v2/notices' })
    expect(onScreen.size).toBe(2)
  })

  it('a toast that went by itself is shown anew the next time', () => {
    const { ledger, gone, onScreen } = ledgerOnPage()
    ledger.receive(limit)
    const [first] = [...onScreen.keys()]
    onScreen.delete(first!)
    gone.get(first!)!()
    ledger.receive(limit)
    expect([...onScreen.keys()]).toHaveLength(1)
    expect([...onScreen.keys()][0]).not.toBe(first)
  })

  it('leaving a page takes its error toasts away; a toast raised on the way belongs to the page it leads to', () => {
    const { ledger, world, turn, messages } = ledgerOnPage('/courses')
    ledger.receive({ kind: 'error', message: '잠시 후 다시 시도해주세요.', topic: 'GET /api/v2/courses' })
    ledger.receive({ kind: 'warning', message: '최대 기기 수에 도달했습니다.' })
    turn()
    // The session expired: its toast comes in the same task as the move to /sign/in.
    ledger.receive({ kind: 'error', message: '세션이 만료되었습니다. 다시 로그인해주세요.' })
    world.page = '/sign/in'
    turn()
    ledger.pageChanged('/sign/in')
    expect(messages()).toEqual(['최대 기기 수에 도달했습니다.', '세션이 만료되었습니다. 다시 로그인해주세요.'])
    ledger.pageChanged('/')
    expect(messages()).toEqual(['최대 기기 수에 도달했습니다.'])
  })

  it("the client's own move takes the toasts along: the OAuth callback's error is read on /sign/in", () => {
    const { ledger, turn, messages } = ledgerOnPage('/auth/callback')
    ledger.receive({ kind: 'error', message: 'OAuth 인증 처리 중 오류 발생' })
    turn()
    ledger.clientMoves('/sign/in?redirect=%2Fcourses')
    ledger.pageChanged('/sign/in')
    expect(messages()).toEqual(['OAuth 인증 처리 중 오류 발생'])
    ledger.pageChanged('/sign/up')
    expect(messages()).toEqual([])
  })

  it('a page change before the raising task is over keeps the toast (it is for the new page)', () => {
    const { ledger, world, turn, messages } = ledgerOnPage('/admin')
    ledger.receive({ kind: 'error', message: '관리자만 접근할 수 있습니다.' })
    world.page = '/'
    ledger.pageChanged('/')
    turn()
    expect(messages()).toEqual(['관리자만 접근할 수 있습니다.'])
    ledger.pageChanged('/courses')
    expect(messages()).toEqual([])
  })

  it('says nothing before a sink is attached or after it is detached', () => {
    const ledger = new NoticeLedger(new NoticeClaims())
    const shown: string[] = []
    ledger.receive(limit)
    const detach = ledger.attach(
      { show: (notice) => shown.push(notice.message), dismiss: () => {} },
      () => '/',
      (run) => run(),
    )
    ledger.receive(signInFailed)
    detach()
    ledger.receive(limit)
    expect(shown).toEqual(['로그인 실패: 비밀번호 오류'])
  })
})
