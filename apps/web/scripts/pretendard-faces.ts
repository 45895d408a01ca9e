import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import type { Plugin } from 'vite'

/**
 * The two weights the app is drawn in: body text (400; `font-medium`, 500, matches it) and
 * emphasis (600, `font-semibold`, most of the UI's; `font-bold`, 700, matches it too). The variable
 * font they replace carries every weight from 45 to 920 in each file, 2.5× a static weight's bytes.
 */
export const PRETENDARD_WEIGHTS = [400, 600] as const

/** The stylesheet src/app/web-font.ts loads once the page settles; its text is made here. */
const FACES_STYLESHEET = /\/src\/app\/pretendard-faces\.css$/

/**
 * Pretendard's own `unicode-range` slices (pretendard/dist/web/static/pretendard-dynamic-subset.css:
 * 92 per weight, ordered by how often Korean uses their syllables) of the weights above only, so a
 * page fetches the slices of the characters it shows in each weight it shows them in. A slice's
 * two weights are written next to each other: their ranges are the same text, which gzip then sends
 * once. Only the woff2 files: every browser the app supports reads them.
 */
export function pretendardFaces(weights: readonly number[] = PRETENDARD_WEIGHTS, cssDir = ''): string {
  const require = createRequire(import.meta.url)
  const sourceCss = require.resolve('pretendard/dist/web/static/pretendard-dynamic-subset.css')
  const source = readFileSync(sourceCss, 'utf8')
  const faces = [...source.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((match) => {
    const body = match[1]!
    const weight = Number(/font-weight:\s*(\d+);/.exec(body)?.[1])
    const file = /url\((\.\/woff2-dynamic-subset\/[^)]+\.woff2)\)/.exec(body)?.[1]
    const slice = Number(/\.subset\.(\d+)\.woff2$/.exec(file ?? '')?.[1])
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1]
    if (!file || !range || Number.isNaN(weight) || Number.isNaN(slice)) {
      throw new Error(`pretendard-faces: a face of ${sourceCss} is not as expected: ${body.trim().slice(0, 200)}`)
    }
    return { weight, slice, range, file: join(dirname(sourceCss), file) }
  })
  const chosen = faces
    .filter((face) => weights.includes(face.weight))
    .sort((a, b) => a.slice - b.slice || a.weight - b.weight)
  const missing = weights.filter((weight) => !chosen.some((face) => face.weight === weight))
  if (missing.length > 0) throw new Error(`pretendard-faces: no Pretendard faces of weight ${missing.join(', ')}`)
  // The font's copyright and licence (SIL OFL 1.1) go with its faces: `/*!` keeps the comment
  // through minification.
  const licence = /^\/\*([\s\S]*?)\*\//.exec(source)?.[1]
  if (!licence?.includes('Open Font License')) throw new Error(`pretendard-faces: no licence note in ${sourceCss}`)
  return [
    `/*!${licence}*/`,
    ...chosen.map((face) =>
      [
        '@font-face {',
        "  font-family: 'Pretendard';",
        '  font-style: normal;',
        // The fallback (styles.css, 'Pretendard Fallback') is sized to Pretendard's, so the swap
        // redraws the glyphs and moves nothing.
        '  font-display: swap;',
        `  font-weight: ${face.weight};`,
        `  src: url(${relative(cssDir, face.file).replaceAll('\\', '/')}) format('woff2');`,
        `  unicode-range: ${face.range};`,
        '}',
      ].join('\n'),
    ),
  ].join('\n')
}

/**
 * Fills src/app/pretendard-faces.css (a placeholder in the source tree) with `pretendardFaces()`,
 * its `url()`s relative to it, so Vite hashes each slice into /assets/ like any other file.
 */
export function pretendardFacesPlugin(): Plugin {
  return {
    name: 'coursekit-pretendard-faces',
    enforce: 'pre',
    transform(_code, id) {
      const path = id.split('?')[0]!
      if (!FACES_STYLESHEET.test(path)) return null
      return { code: pretendardFaces(PRETENDARD_WEIGHTS, dirname(path)), map: null }
    },
  }
}
