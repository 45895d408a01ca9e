import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runGjs, skipWithoutWebKitGtk } from './gjs-runner.ts'

describe.skipIf(skipWithoutWebKitGtk({ window: false }))('where a download is saved (src/downloads.js)', () => {
  let folder: string
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'coursekit-downloads-'))
  })
  afterEach(() => rm(folder, { recursive: true, force: true }))

  it('keeps only a plain file name in the download folder and never overwrites a file', async () => {
    await writeFile(join(folder, '수료증.pdf'), 'first')
    await writeFile(join(folder, '수료증 (1).pdf'), 'second')
    await writeFile(join(folder, 'notes'), 'third')
    const names = ['수료증.pdf', '../../.bashrc', 'a/b\\c.txt', '', '.hidden', 'notes', 'tab\tname.txt']
    expect(await runGjs<string[]>('downloads-run.js', [folder, JSON.stringify(names)])).toEqual([
      join(folder, '수료증 (2).pdf'),
      join(folder, 'bashrc'),
      join(folder, 'c.txt'),
      join(folder, 'download'),
      join(folder, 'hidden'),
      join(folder, 'notes (1)'),
      join(folder, 'tabname.txt'),
    ])
  })
})
