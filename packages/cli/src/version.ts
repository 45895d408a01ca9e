import { readFileSync } from 'node:fs'

/** The package's version: package.json sits one level above both src/ and dist/. */
export function cliVersion(): string {
  try {
    const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8')
    return (JSON.parse(text) as { version?: string }).version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
}
