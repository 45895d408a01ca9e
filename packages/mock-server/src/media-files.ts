/** Reads a file of the package's `media/` folder; null when there is no such file. */
export type MediaFileReader = (file: string) => Promise<Uint8Array<ArrayBuffer> | null>

/**
 * The shipped clips, read from disk on first use. `media/` sits beside `src/` and `dist/`, so the
 * same relative URL finds it from the source and from the built bundle. node:fs is imported only
 * when a clip is first asked for, so loading the backend touches no Node API.
 */
export const readShippedMedia: MediaFileReader = async (file) => {
  const { readFile } = await import('node:fs/promises')
  const { fileURLToPath } = await import('node:url')
  // Not `new URL(…, import.meta.url)` as one expression: Vite rewrites that into an asset URL when
  // it serves this file to a page-like environment (the React tests' jsdom), and there the global
  // URL is jsdom's, which node:fs does not take: so a path, from the module's own URL.
  const moduleUrl = import.meta.url
  try {
    return new Uint8Array(await readFile(fileURLToPath(new URL(`../media/${file}`, moduleUrl).href)))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}
