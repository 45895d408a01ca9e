/**
 * Makes the sample artwork the mock server serves at /media/images/{name}.webp: each course's 16:9
 * thumbnail (640x360, twice the width a card shows it at) and each banner's picture (800x256), drawn
 * here as SVG (a gradient in the course's category colours and that category's motif, no text: the
 * page prints the title) and encoded to WebP by Debian 12's ffmpeg (librsvg in, libwebp out:
 * apt-get install ffmpeg). The output is committed, so nothing here runs at build or test time.
 * Run from this folder: node make-images.ts
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

type Palette = readonly [from: string, to: string, ink: string]

/** Each category's colours; apps/web's fallback for a missing picture (ui/course-art.ts) uses the same. */
const palettes: Record<string, Palette> = {
  programming: ['#4338ca', '#7c3aed', '#1e1b4b'],
  data: ['#0f766e', '#0891b2', '#083344'],
  design: ['#db2777', '#f97316', '#500724'],
  marketing: ['#d97706', '#dc2626', '#450a0a'],
  language: ['#1d4ed8', '#0ea5e9', '#172554'],
}

const white = (opacity: number) => `fill="#fff" fill-opacity="${opacity}"`
const stroke = (width: number, colour = '#fff') =>
  `stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" fill="none"`

/** The category motifs, drawn on a 640x360 canvas around its centre. */
const motifs: Record<string, string> = {
  // An editor window with </>.
  code: `<rect x="170" y="78" width="300" height="204" rx="18" fill="#1e1b4b" fill-opacity="0.6"/>
    <circle cx="196" cy="102" r="6" fill="#f87171"/><circle cx="216" cy="102" r="6" fill="#fbbf24"/><circle cx="236" cy="102" r="6" fill="#34d399"/>
    <path d="M272 160 l-40 30 l40 30 M368 160 l40 30 l-40 30 M334 150 l-28 80" ${stroke(14)}/>`,
  // Braces around a blinking cursor and a sprout: a first program.
  firstSteps: `<path d="M250 96 q-34 0 -34 34 v30 q0 20 -22 30 q22 10 22 30 v30 q0 34 34 34 M390 96 q34 0 34 34 v30 q0 20 22 30 q-22 10 -22 30 v30 q0 34 -34 34" ${stroke(14)}/>
    <path d="M320 236 v-62 M320 196 q-34 -4 -40 -38 q34 2 40 38 M320 184 q30 -6 38 -38 q-34 0 -38 38" ${stroke(10, '#bbf7d0')}/>`,
  // A bar chart under a rising line.
  chart: `<rect x="180" y="70" width="280" height="220" rx="18" fill="#083344" fill-opacity="0.35"/>
    <rect x="212" y="200" width="36" height="60" rx="6" ${white(0.85)}/><rect x="264" y="170" width="36" height="90" rx="6" ${white(0.85)}/>
    <rect x="316" y="186" width="36" height="74" rx="6" ${white(0.85)}/><rect x="368" y="130" width="36" height="130" rx="6" ${white(0.85)}/>
    <path d="M214 158 L282 124 L334 142 L410 96" ${stroke(8, '#fde68a')}/><circle cx="410" cy="96" r="10" fill="#fde68a"/>`,
  // A database: stacked discs and a table's rows.
  table: `<ellipse cx="250" cy="112" rx="70" ry="24" ${white(0.9)}/>
    <path d="M180 112 v112 q0 24 70 24 q70 0 70 -24 v-112" ${white(0.35)}/>
    <path d="M180 150 q0 24 70 24 q70 0 70 -24 M180 190 q0 24 70 24 q70 0 70 -24" ${stroke(6)}/>
    <rect x="350" y="96" width="130" height="168" rx="12" fill="#083344" fill-opacity="0.45"/>
    <path d="M366 130 h98 M366 166 h98 M366 202 h98 M366 238 h60" ${stroke(8)}/>`,
  // Overlapping shapes and a pen's curve.
  shapes: `<circle cx="262" cy="170" r="74" fill="#fde68a" fill-opacity="0.9"/>
    <rect x="292" y="128" width="128" height="128" rx="20" fill="#fff" fill-opacity="0.55"/>
    <path d="M196 290 C 260 210, 380 320, 448 236" ${stroke(8)}/>
    <rect x="188" y="282" width="16" height="16" fill="#fff"/><rect x="440" y="228" width="16" height="16" fill="#fff"/>`,
  // A megaphone and a rising arrow.
  megaphone: `<path d="M196 162 h40 l110 -58 v172 l-110 -58 h-40 z" ${white(0.9)}/>
    <path d="M226 222 l16 52" ${stroke(16)}/>
    <path d="M380 150 q22 30 0 60 M404 126 q44 54 0 108" ${stroke(10)}/>
    <path d="M420 276 l36 -40 l22 18 l34 -46 M490 206 h22 v22" ${stroke(8, '#fef3c7')}/>`,
  // Two speech bubbles and a letter.
  speech: `<path d="M180 96 h168 q20 0 20 20 v72 q0 20 -20 20 h-104 l-40 32 v-32 h-24 q-20 0 -20 -20 v-72 q0 -20 20 -20 z" ${white(0.9)}/>
    <path d="M206 136 h116 M206 168 h76" ${stroke(10, '#1d4ed8')}/>
    <rect x="330" y="170" width="150" height="104" rx="12" fill="#172554" fill-opacity="0.6"/>
    <path d="M342 184 l63 48 l63 -48" ${stroke(8)}/>`,
}

interface Artwork {
  name: string
  width: number
  height: number
  palette: Palette
  motif: string
  /** Where the background's soft circles sit, so two pictures of one category differ. */
  glow: readonly [x: number, y: number]
}

const course = (id: number, palette: keyof typeof palettes, motif: keyof typeof motifs, glow: [number, number]) =>
  ({ name: `course-${id}`, width: 640, height: 360, palette: palettes[palette]!, motif: motifs[motif]!, glow }) as const

const artworks: Artwork[] = [
  course(101, 'programming', 'code', [560, 40]),
  course(102, 'programming', 'firstSteps', [80, 320]),
  course(103, 'data', 'chart', [580, 300]),
  course(104, 'data', 'table', [60, 40]),
  course(105, 'design', 'shapes', [560, 60]),
  course(106, 'marketing', 'megaphone', [80, 60]),
  course(107, 'language', 'speech', [580, 320]),
  // Banners: the text sits on the left over the darker side, the motif on the right.
  banner(401, ['#312e81', '#6d28d9', '#1e1b4b'], 'shapes'),
  banner(402, ['#064e3b', '#0f766e', '#022c22'], 'firstSteps'),
  banner(403, ['#881337', '#be123c', '#4c0519'], 'speech'),
]

function banner(id: number, palette: Palette, motif: keyof typeof motifs): Artwork {
  return { name: `banner-${id}`, width: 800, height: 256, palette, motif: motifs[motif]!, glow: [700, 40] }
}

function svg(art: Artwork): string {
  const [from, to, ink] = art.palette
  const isBanner = art.width !== 640
  // A banner draws the course motif smaller at its right edge.
  const motif = isBanner ? `<g transform="translate(${art.width - 330} 18) scale(0.62)">${art.motif}</g>` : art.motif
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${art.width}" height="${art.height}" viewBox="0 0 ${art.width} ${art.height}">
  <defs><linearGradient id="ground" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${isBanner ? ink : from}"/><stop offset="${isBanner ? 0.45 : 0}" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${art.width}" height="${art.height}" fill="url(#ground)"/>
  <circle cx="${art.glow[0]}" cy="${art.glow[1]}" r="150" ${white(0.08)}/>
  <circle cx="${art.glow[0]}" cy="${art.glow[1]}" r="90" ${white(0.06)}/>
  ${motif}
</svg>`
}

const work = mkdtempSync(join(tmpdir(), 'coursekit-images-'))
try {
  for (const art of artworks) {
    const source = join(work, `${art.name}.svg`)
    writeFileSync(source, svg(art))
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', source],
      ...['-c:v', 'libwebp', '-quality', '80', '-compression_level', '6', '-fflags', '+bitexact'],
      join('images', `${art.name}.webp`),
    ])
  }
} finally {
  rmSync(work, { recursive: true })
}
