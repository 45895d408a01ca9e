import { readFile } from 'node:fs/promises'
import type { Locator, Page } from 'playwright-core'

export interface SavedFile {
  /** The name the browser saves it under (the `download` attribute, else the URL's). */
  filename: string
  bytes: Uint8Array
}

/** Clicks `button` (수업 자료 받기 unless told) and takes the download it starts, as the browser saved it. */
export async function clickAndSave(page: Page, button?: Locator): Promise<SavedFile> {
  const download = page.waitForEvent('download')
  await (button ?? page.getByRole('button', { name: '수업 자료 받기' })).click()
  const saved = await download
  const path = await saved.path()
  return { filename: saved.suggestedFilename(), bytes: new Uint8Array(await readFile(path)) }
}

/** A whole PDF as the mock serves lesson materials: its header, the binary-marker line byte for byte, its end. */
export function isMaterialsPdf(bytes: Uint8Array): boolean {
  const text = String.fromCharCode(...bytes)
  return text.startsWith('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n') && text.endsWith('%%EOF\n')
}
