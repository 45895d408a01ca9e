import { describe, expect, it } from 'vitest'
import { createMockBackend } from './backend.ts'

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'

async function backendWithMail() {
  const backend = await createMockBackend()
  const link = `${backend.url}/auth/v1/verify?token=tok-1&type=recovery&redirect_to=http%3A%2F%2Flocalhost%3A5173%2F`
  backend.context.mailbox.send('learner@coursekit.dev', 'signup', `${backend.url}/auth/v1/verify?token=tok-0`, 'tok-0')
  backend.context.mailbox.send('learner@coursekit.dev', 'recovery', link, 'tok-1')
  backend.context.sms.sendCode('01012345678', '481516', 3)
  const get = (path: string, accept?: string) =>
    backend.fetch(`${backend.url}${path}`, accept === undefined ? {} : { headers: { accept } })
  return { backend, link, get }
}

describe('the dev mailbox and SMS outbox', () => {
  it('answer scripts with the JSON as before: no Accept, */*, or application/json', async () => {
    const { get, link } = await backendWithMail()
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html;q=0.5']) {
      const mail = await get('/__dev/mailbox?email=learner@coursekit.dev', accept)
      expect(mail.headers.get('content-type')).toContain('application/json')
      const body = (await mail.json()) as { email: string; messages: { kind: string; link: string; token: string }[] }
      expect(body.email).toBe('learner@coursekit.dev')
      expect(body.messages.map((message) => [message.kind, message.token])).toEqual([
        ['signup', 'tok-0'],
        ['recovery', 'tok-1'],
      ])
      expect(body.messages[1]?.link).toBe(link)
      const sms = await get('/__dev/sms?phone=010-1234-5678', accept)
      expect(await sms.json()).toMatchObject({ phone: '010-1234-5678', messages: [{ code: '481516' }] })
    }
    expect((await get('/__dev/mailbox')).status).toBe(400)
    expect((await get('/__dev/sms', 'application/json')).status).toBe(400)
  })

  it('answer a browser with a page: newest first, the link clickable, link and token selectable at one click, no script', async () => {
    const { get, link } = await backendWithMail()
    const response = await get('/__dev/mailbox?email=learner@coursekit.dev', BROWSER_ACCEPT)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await response.text()
    expect(html).not.toContain('<script')
    const escapedLink = link.replaceAll('&', '&#38;')
    expect(html).toContain(`<a href="${escapedLink}">링크 열기</a>`)
    expect(html).toContain(`<code class="copy" data-copy="link">${escapedLink}</code>`)
    expect(html).toContain('<code class="copy" data-copy="token">tok-1</code>')
    expect(html).toContain('user-select:all')
    // Newest first.
    expect(html.indexOf('tok-1')).toBeLessThan(html.indexOf('tok-0'))

    const sms = await (await get('/__dev/sms?phone=01012345678', BROWSER_ACCEPT)).text()
    expect(sms).toContain('<code class="copy code" data-copy="code">481516</code>')
    expect(sms).toContain('개발 문자함 · 01012345678')
  })

  it('escape whatever came in the request, and without a query show only the form to look one up', async () => {
    const { get } = await backendWithMail()
    const hostile = '"><script>alert(1)</script>'
    const html = await (await get(`/__dev/mailbox?email=${encodeURIComponent(hostile)}`, BROWSER_ACCEPT)).text()
    expect(html).not.toContain('<script>')
    expect(html).toContain('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;')
    expect(html).toContain('아직 받은 메일이 없습니다.')

    const form = await get('/__dev/sms', BROWSER_ACCEPT)
    expect(form.status).toBe(200)
    const text = await form.text()
    expect(text).toContain('<form method="get" action="/__dev/sms">')
    expect(text).not.toContain('아직 받은 문자가 없습니다.')
  })
})
