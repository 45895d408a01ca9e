import { escapeHtml } from '../html-escape.ts'
import { OAUTH_PROVIDERS, type OAuthProvider } from './oauth-providers.ts'
import type { CodeChallenge } from './pkce.ts'

/** What /authorize received and the consent form carries on, hidden, to /authorize/consent. */
export interface ConsentRequest {
  provider: OAuthProvider
  redirectTo: string
  challenge: CodeChallenge | null
}

const CONSENT_ACTION = '/auth/v1/authorize/consent'

function hiddenFields(request: ConsentRequest): string {
  const fields: [string, string | null][] = [
    ['provider', request.provider],
    ['redirect_to', request.redirectTo],
    ['code_challenge', request.challenge?.challenge ?? null],
    ['code_challenge_method', request.challenge?.method ?? null],
  ]
  return fields
    .filter((field): field is [string, string] => field[1] !== null)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('')
}

/**
 * The stand-in for the provider's sign-in screen: pick a test identity or type any e-mail. Each form
 * posts to /auth/v1/authorize/consent (host-relative, so it works under whatever host served the page).
 */
export function renderConsentPage(request: ConsentRequest, error?: string): string {
  const { label, identities } = OAUTH_PROVIDERS[request.provider]
  const hidden = hiddenFields(request)
  const choices = identities
    .map(
      (identity) => `<li><form method="post" action="${CONSENT_ACTION}">${hidden}
<input type="hidden" name="email" value="${escapeHtml(identity.email)}"><input type="hidden" name="name" value="${escapeHtml(identity.name)}">
<button type="submit"><strong>${escapeHtml(identity.name)}</strong> <span>${escapeHtml(identity.email)}</span> <small>${escapeHtml(identity.note)}</small></button></form></li>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(label)} 계정으로 계속하기 · coursekit 개발 서버</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f6f8;margin:0;padding:2rem 1rem;color:#1d1d1f}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 .5rem}p{color:#555;font-size:.9rem}ul{list-style:none;padding:0}
li{margin:.5rem 0}button{width:100%;text-align:left;padding:.75rem;border:1px solid #ccd;border-radius:8px;background:#fff;cursor:pointer;font:inherit}
button:hover{background:#eef}button span,button small{display:block;color:#555}label{display:block;margin:.5rem 0 .25rem}
input[type=email],input[type=text]{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #ccd;border-radius:6px;font:inherit}
.error{color:#b00020}.cancel{margin-top:1rem;text-align:center;border:0;background:none;color:#555}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(label)} 계정으로 계속하기</h1>
<p>coursekit 개발 서버의 테스트 로그인 화면입니다. 실제 ${escapeHtml(label)}에는 연결되지 않습니다.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<h2>테스트 계정 선택</h2>
<ul>
${choices}
</ul>
<h2>다른 이메일로 계속하기</h2>
<form method="post" action="${CONSENT_ACTION}">${hidden}
<label for="email">이메일</label><input id="email" type="email" name="email" required autocomplete="email">
<label for="name">이름 (선택)</label><input id="name" type="text" name="name" autocomplete="name">
<p><button type="submit">${escapeHtml(label)} 계정으로 계속하기</button></p>
</form>
<form method="post" action="${CONSENT_ACTION}">${hidden}<input type="hidden" name="action" value="cancel">
<button class="cancel" type="submit">취소</button></form>
</main>
</body>
</html>`
}
