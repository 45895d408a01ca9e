import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** A template's run-time text as messages.md writes it. */
export const FILLED_IN_MARK = '{}'

/**
 * The messages messages.md lists in the sections whose `## ` heading contains `marker` (such as
 * `(core:`): the first cell of each table row, when that cell is code (`…`). The packages' tests
 * compare these with their catalogues and sources, so the page cannot drift from the code.
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

/**
 * The listed messages that no source file under `folder` (`.ts`, `.tsx`, tests left out) holds. A
 * message with run-time parts counts as held when each of its fixed parts is in one file.
 */
export function messagesMissingFrom(listed: readonly string[], folder: URL): string[] {
  const sources = sourceFiles(fileURLToPath(folder)).map((file) => readFileSync(file, 'utf8'))
  return listed.filter((message) => {
    const parts = message.split(FILLED_IN_MARK).filter((part) => part !== '')
    return !sources.some((source) => parts.every((part) => source.includes(part)))
  })
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}
