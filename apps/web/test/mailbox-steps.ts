import type { Page } from 'playwright-core'

export interface DevMail {
  kind: string
  subject: string
  link: string
}

/** The dev mailbox of `email` (newest last), read as JSON from the page's origin (a browser would get its HTML page). */
export async function openMailbox(page: Page, email: string): Promise<DevMail[]> {
  const response = await page.request.get(`/__dev/mailbox?email=${encodeURIComponent(email)}`, {
    headers: { accept: 'application/json' },
  })
  if (!response.ok()) throw new Error(`mailbox: ${response.status()}`)
  const { messages } = (await response.json()) as { messages: DevMail[] }
  return messages
}
