import { escapeHtml } from './html-escape.ts'
import type { Mail } from './mailbox.ts'
import type { Sms } from './sms-outbox.ts'

/**
 * The dev mailbox and SMS outbox as a person reads them in a browser: newest first, each link a
 * real link, each link and code in a box that one click selects whole (CSS `user-select: all`, so
 * no script is needed) for copying. Scripts keep getting the JSON (dev-app.ts chooses by Accept).
 * Everything that came from a request or a message is escaped.
 */

/** No script, no other origin: styles inline, forms only back to this server. */
export const DEV_INBOX_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

const seoulTime = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  dateStyle: 'medium',
  timeStyle: 'medium',
})

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f5f6f8;margin:0;padding:1.5rem 1rem;color:#1d1d1f;line-height:1.5}
main{max-width:40rem;margin:0 auto}
h1{font-size:1.25rem;margin:0 0 .25rem}p{margin:.25rem 0}
.note{color:#555;font-size:.875rem}
form{display:flex;flex-wrap:wrap;gap:.25rem .5rem;margin:1rem 0}
form label{width:100%}
form input{flex:1;min-width:0;padding:.5rem;border:1px solid #99a;border-radius:6px;font:inherit}
form button{padding:.5rem 1rem;border:0;border-radius:6px;background:#1d4ed8;color:#fff;font:inherit;cursor:pointer}
ol{list-style:none;padding:0;margin:0}
li{background:#fff;border-radius:12px;padding:1rem;margin:.75rem 0;box-shadow:0 1px 4px #0002}
h2{font-size:1rem;margin:0}
time,.kind{color:#555;font-size:.875rem}
.copy{display:block;user-select:all;-webkit-user-select:all;background:#f1f2f5;border:1px solid #ccd;border-radius:6px;padding:.5rem;margin:.25rem 0;font-family:ui-monospace,monospace;word-break:break-all;cursor:text}
.code{display:inline-block;font-size:1.5rem;letter-spacing:.2em;padding:.25rem .75rem}
a{color:#1d4ed8;font-weight:600}
.empty{color:#555}
`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · coursekit 개발 서버</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`
}

function lookup(action: string, name: string, label: string, value: string, type: string): string {
  return `<form method="get" action="${action}">
<label for="${name}" class="note">${label}</label>
<input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}" required>
<button type="submit">보기</button>
</form>`
}

function sentAt(iso: string): string {
  const ms = Date.parse(iso)
  const shown = Number.isNaN(ms) ? iso : seoulTime.format(ms)
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(shown)}</time>`
}

/** Only the server's own http(s) links become links; anything else stays text. */
function safeHref(link: string): string | null {
  try {
    const url = new URL(link)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

function mailItem(mail: Mail): string {
  const href = safeHref(mail.link)
  return `<li>
<h2>${escapeHtml(mail.subject)}</h2>
<p><span class="kind">${escapeHtml(mail.kind)}</span> · ${sentAt(mail.sentAt)}</p>
<p>${href === null ? '' : `<a href="${escapeHtml(href)}">링크 열기</a>`}</p>
<p class="note">링크 (한 번 누르면 전체가 선택됩니다)</p>
<code class="copy" data-copy="link">${escapeHtml(mail.link)}</code>
<p class="note">토큰</p>
<code class="copy" data-copy="token">${escapeHtml(mail.token)}</code>
</li>`
}

function smsItem(sms: Sms): string {
  return `<li>
<h2>${escapeHtml(sms.to)}</h2>
<p>${sentAt(sms.sentAt)}</p>
<p>${escapeHtml(sms.text)}</p>
<p class="note">인증번호 (한 번 누르면 전체가 선택됩니다)</p>
<code class="copy code" data-copy="code">${escapeHtml(sms.code)}</code>
</li>`
}

function list(items: string[], empty: string): string {
  return items.length === 0 ? `<p class="empty">${empty}</p>` : `<ol>${items.join('\n')}</ol>`
}

/** `email` null: only the form to look an address up. `messages` newest last, as the mailbox keeps them. */
export function renderMailboxPage(email: string | null, messages: readonly Mail[]): string {
  const heading = email === null ? '개발 메일함' : `개발 메일함 · ${email}`
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1>
<p class="note">개발 서버가 보낸 확인·비밀번호 재설정 메일입니다. 실제로 발송되지 않습니다.</p>
${lookup('/__dev/mailbox', 'email', '이메일', email ?? '', 'email')}
${email === null ? '' : list([...messages].reverse().map(mailItem), '아직 받은 메일이 없습니다.')}`,
  )
}

/** `phone` null: only the form to look a number up. `messages` newest last, as the outbox keeps them. */
export function renderSmsPage(phone: string | null, messages: readonly Sms[]): string {
  const heading = phone === null ? '개발 문자함' : `개발 문자함 · ${phone}`
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1>
<p class="note">개발 서버가 보낸 휴대폰 인증번호입니다. 실제로 발송되지 않습니다.</p>
${lookup('/__dev/sms', 'phone', '휴대폰 번호', phone ?? '', 'tel')}
${phone === null ? '' : list([...messages].reverse().map(smsItem), '아직 받은 문자가 없습니다.')}`,
  )
}
