import { readFileSync } from 'node:fs'

/**
 * The messages messages.md lists in the sections whose `## ` heading contains `marker` (such as
 * `(core:`): the first cell of each table row, when that cell is code (`…`). The core's and the
 * bindings' tests compare these with their catalogues, so the page cannot drift from the code.
 */
export function listedMessages(marker: string): string[] {
  const page = readFileSync(new URL('messages.md', import.meta.url), 'utf8')
  const listed: string[] = []
  let inSection = false
  for (const line of page.split('\n')) {
    if (line.startsWith('## ')) inSection = line.includes(marker)
    const row = /^\| `([^`]+)` \|/.exec(line)
    if (inSection && row) listed.push(row[1] as string)
  }
  return listed
}

/** A template's run-time text as messages.md writes it. */
export const FILLED_IN_MARK = '{}'
