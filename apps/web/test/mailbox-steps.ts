import type { Page } from 'playwright-core'

export interface DevMail {
  kind: string
  subject: string
  link: string
}

/**
 * The dev mailbox of `email` (newest last), opened in the page as a person finishing a flow by hand
 * does (the browser gets its HTML page, and the page's history has it), and read as JSON beside it.
 */
export async function openMailbox(page: Page, email: string): Promise<DevMail[]> {
  const path = `/__dev/mailbox?email=${encodeURIComponent(email)}`
  const shown = await page.goto(path)
  if (!shown?.ok()) throw new Error(`mailbox page: ${shown?.status()}`)
  const response = await page.request.get(path, { headers: { accept: 'application/json' } })
  if (!response.ok()) throw new Error(`mailbox: ${response.status()}`)
  const { messages } = (await response.json()) as { messages: DevMail[] }
  return messages
}
