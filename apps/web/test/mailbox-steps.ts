import type { Page } from 'playwright-core'

export interface DevMail {
  kind: string
  subject: string
  link: string
}

/** The dev mailbox of `email` (newest last), opened in the page as a person finishing a flow by hand does. */
export async function openMailbox(page: Page, email: string): Promise<DevMail[]> {
  const response = await page.goto(`/__dev/mailbox?email=${encodeURIComponent(email)}`)
  if (!response?.ok()) throw new Error(`mailbox: ${response?.status()}`)
  const { messages } = (await response.json()) as { messages: DevMail[] }
  return messages
}
