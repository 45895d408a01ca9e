import { describe, expect, it } from 'vitest'
import { createMockBackend } from '../backend.ts'
import { demoAccounts } from '../demo-accounts.ts'
import type { MockBackendOptions } from '../options.ts'
import { compileRedirectGlob } from './redirect-glob.ts'
import { isRedirectAllowed } from './redirects.ts'
import { createTestClient, redirectTarget } from './test-client.ts'

const learner = demoAccounts.learner.email

async function allowed(options: MockBackendOptions, urls: string[]): Promise<Record<string, boolean>> {
  const backend = await createMockBackend(options)
  return Object.fromEntries(urls.map((url) => [url, isRedirectAllowed(backend.context, url)]))
}

describe('redirect_to is honoured only for the site URL and the allow list (GoTrue IsRedirectURLValid)', () => {
  it('a recovery asked for with another site’s redirect_to links back to the site URL', async () => {
    const backend = await createMockBackend({ publicUrl: 'https://app.coursekit.dev' })
    const supabase = createTestClient({ url: backend.url, anonKey: backend.anonKey, fetch: backend.fetch })
    expect(
      (await supabase.auth.resetPasswordForEmail(learner, { redirectTo: 'https://evil.example/x' })).error,
    ).toBeNull()
    const [mail] = backend.mailbox.for(learner)
    expect(new URL(mail?.link ?? '').searchParams.get('redirect_to')).toBe('https://app.coursekit.dev/')
    // Even a link whose redirect_to was edited afterwards lands on the site.
    const edited = new URL(mail?.link ?? '')
    edited.searchParams.set('redirect_to', 'https://evil.example/x')
    expect((await redirectTarget(backend.fetch, edited.toString())).origin).toBe('https://app.coursekit.dev')
  })

  it('the site URL with any path and query; not another port, scheme or host', async () => {
    expect(
      await allowed({ publicUrl: 'https://app.coursekit.dev' }, [
        'https://app.coursekit.dev/sign/reset-password/confirm?x=1',
        'https://app.coursekit.dev:8443/auth/callback',
        'http://app.coursekit.dev/auth/callback',
        'https://app.coursekit.dev.evil.example/',
        'https://evil.example/https://app.coursekit.dev/',
        'javascript:alert(1)',
        '/relative/path',
      ]),
    ).toEqual({
      'https://app.coursekit.dev/sign/reset-password/confirm?x=1': true,
      'https://app.coursekit.dev:8443/auth/callback': false,
      'http://app.coursekit.dev/auth/callback': false,
      'https://app.coursekit.dev.evil.example/': false,
      'https://evil.example/https://app.coursekit.dev/': false,
      'javascript:alert(1)': false,
      '/relative/path': false,
    })
  })

  it('a loopback site allows any port on its own host name (RFC 8252), and loopback IP addresses always', async () => {
    expect(
      await allowed({ publicUrl: 'http://localhost:5173' }, [
        'http://localhost:4000/auth/callback',
        'http://127.0.0.1:9999/cb',
        'http://[::1]:3000/cb',
        'http://10.0.0.5:5173/cb',
        'http://127.0.0.1.evil.example/cb',
      ]),
    ).toEqual({
      'http://localhost:4000/auth/callback': true,
      'http://127.0.0.1:9999/cb': true,
      'http://[::1]:3000/cb': true,
      'http://10.0.0.5:5173/cb': false,
      'http://127.0.0.1.evil.example/cb': false,
    })
  })

  it('the allow list is globs with GoTrue’s separators . and /, matched without the fragment', async () => {
    const options = {
      publicUrl: 'https://app.coursekit.dev',
      redirectAllowList: ['https://*.coursekit.test/**', 'coursekit://auth/callback', 'https://{a,b}?.example/cb'],
    }
    expect(
      await allowed(options, [
        'https://preview.coursekit.test/auth/callback?redirect=/courses',
        'https://preview.coursekit.test/auth/callback#hash',
        'https://a.b.coursekit.test/x',
        'https://evil.example/.coursekit.test/x',
        'coursekit://auth/callback',
        'coursekit://auth/callback/more',
        'https://a1.example/cb',
        'https://c1.example/cb',
        'https://a.example/cb',
      ]),
    ).toEqual({
      'https://preview.coursekit.test/auth/callback?redirect=/courses': true,
      'https://preview.coursekit.test/auth/callback#hash': true,
      'https://a.b.coursekit.test/x': false,
      'https://evil.example/.coursekit.test/x': false,
      'coursekit://auth/callback': true,
      'coursekit://auth/callback/more': false,
      'https://a1.example/cb': true,
      'https://c1.example/cb': false,
      'https://a.example/cb': false,
    })
  })

  it('every CORS origin is an app origin: any path on it is allowed', async () => {
    expect(
      await allowed({ corsOrigins: ['http://app.local:5173'] }, [
        'http://app.local:5173/auth/callback',
        'http://app.local:5174/auth/callback',
      ]),
    ).toEqual({ 'http://app.local:5173/auth/callback': true, 'http://app.local:5174/auth/callback': false })
  })

  it('an unknown redirect_to falls back to an allowed Referer, then to the site URL', async () => {
    const backend = await createMockBackend({ publicUrl: 'https://app.coursekit.dev', emailMaxFrequencyMs: 0 })
    for (const referer of ['https://app.coursekit.dev/sign/find-password', 'https://evil.example/page']) {
      await backend.fetch(`${backend.url}/auth/v1/recover?redirect_to=${encodeURIComponent('https://evil.example/')}`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json', referer },
        body: JSON.stringify({ email: learner }),
      })
    }
    const redirects = backend.mailbox.for(learner).map((mail) => new URL(mail.link).searchParams.get('redirect_to'))
    expect(redirects).toEqual(['https://app.coursekit.dev/sign/find-password', 'https://app.coursekit.dev/'])
  })

  it('refuses an empty or malformed allow-list pattern', async () => {
    await expect(createMockBackend({ redirectAllowList: [' '] })).rejects.toThrow(/redirectAllowList/)
    await expect(createMockBackend({ redirectAllowList: ['https://{a,b/x'] })).rejects.toThrow(/redirectAllowList|'\{'/)
    expect(compileRedirectGlob('https://x.dev/[!a]?').test('https://x.dev/b1')).toBe(true)
  })
})
