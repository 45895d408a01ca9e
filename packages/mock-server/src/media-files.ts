/** Reads a file of the package's `media/` folder; null when there is no such file. */
export type MediaFileReader = (file: string) => Promise<Uint8Array<ArrayBuffer> | null>

/**
 * The shipped clips, read from disk on first use. `media/` sits beside `src/` and `dist/`, so the
 * same relative URL finds it from the source and from the built bundle. node:fs is imported only
 * when a clip is first asked for, so loading the backend touches no Node API.
 */
export const readShippedMedia: MediaFileReader = async (file) => {
  const { readFile } = await import('node:fs/promises')
  try {
    return new Uint8Array(await readFile(new URL(`../media/${file}`, import.meta.url)))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}
