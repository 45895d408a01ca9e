import { createClient, type SupabaseClient } from '@supabase/supabase-js'

/**
 * Helpers for this folder's tests: the real supabase-js client, as an app would create it, pointed
 * at the stand-in. Not exported from the package.
 */

export type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

export interface TestClientOptions {
  url: string
  anonKey: string
  /** Default: Node's fetch. For in-process use, the backend's fetch. */
  fetch?: Fetch
  flowType?: 'pkce' | 'implicit'
}

/** A client with its own Map-backed storage, so several can act as different devices. */
export function createTestClient({ url, anonKey, fetch, flowType = 'pkce' }: TestClientOptions): SupabaseClient {
  const items = new Map<string, string>()
  return createClient(url, anonKey, {
    ...(fetch ? { global: { fetch } } : {}),
    auth: {
      flowType,
      autoRefreshToken: false,
      persistSession: true,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => {
          items.set(key, value)
        },
        removeItem: (key) => {
          items.delete(key)
        },
      },
    },
  })
}

/** Follows one redirecting GET (an e-mail link, a consent shortcut) and returns where it points. */
export async function redirectTarget(fetch: Fetch, url: string, init: RequestInit = {}): Promise<URL> {
  const response = await fetch(url, { ...init, redirect: 'manual' })
  const location = response.headers.get('location')
  if (response.status !== 303 || location === null) {
    throw new Error(`expected a 303 redirect from ${url}, got ${response.status}`)
  }
  return new URL(location)
}

/** The parameters of a redirect's fragment, where the implicit flow puts tokens and errors. */
export const fragmentParams = (url: URL): URLSearchParams => new URLSearchParams(url.hash.slice(1))

/** The consent shortcut for a URL signInWithOAuth built: same query, plus the identity to sign in as. */
export function consentShortcut(authorizeUrl: string, email: string, name?: string): string {
  const url = new URL(authorizeUrl)
  url.pathname = `${url.pathname}/consent`
  url.searchParams.set('email', email)
  if (name !== undefined) url.searchParams.set('name', name)
  return url.toString()
}

/**
 * Fills in the consent page as a person would: the free e-mail form, posted with its hidden fields
 * (provider, redirect_to, code challenge) to its action. Returns where the answer redirects.
 */
export async function submitConsentPage(fetch: Fetch, pageUrl: string, email: string): Promise<URL> {
  const html = await (await fetch(pageUrl)).text()
  const form = html.split('<form ').find((part) => part.includes('id="email"')) ?? ''
  const action = /action="([^"]+)"/.exec(form)?.[1] ?? ''
  const decode = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
  const fields = new URLSearchParams()
  for (const [, name = '', value = ''] of form.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields.set(name, decode(value))
  }
  fields.set('email', email)
  return redirectTarget(fetch, new URL(decode(action), pageUrl).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  })
}
