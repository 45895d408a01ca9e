import { createMockBackend, demoAccounts } from '@coursekit/mock-server'
import { it } from 'vitest'
it('scratch', async () => {
  const t0 = performance.now()
  const backend = await createMockBackend()
  const t1 = performance.now()
  const b2 = await createMockBackend({ seedDemoAccounts: false })
  const t2 = performance.now()
  const { token } = await backend.context.tokens.signAccessToken({ sub: demoAccounts.learner.id, email: demoAccounts.learner.email, session_id: 's', app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, amr: [] })
  const r = await backend.fetch(`${backend.url}/api/users/${demoAccounts.learner.id}`, { headers: { authorization: `Bearer ${token}` } })
  console.log(t1 - t0, t2 - t1, r.status, (await r.text()).slice(0, 300))
  const r2 = await backend.fetch(`${backend.url}/api/v2/courses?limit=1`)
  console.log(r2.status, (await r2.text()).slice(0, 300))
  const r3 = await backend.fetch(`${backend.url}/api/v2/session-tracker/sessions`, { headers: { authorization: `Bearer ${token}` } })
  console.log(r3.status, (await r3.text()).slice(0, 300))
  void b2
})
