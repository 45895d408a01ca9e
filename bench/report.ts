/** One section of bench/results/latest.md. */
export interface BenchSection {
  title: string
  /** What was measured and how, in a sentence or two. */
  method: string
  table: { header: string[]; rows: (string | number)[][] }
  notes?: string[]
}

export function renderSection(section: BenchSection): string {
  const { header, rows } = section.table
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`
  return [
    `## ${section.title}`,
    '',
    section.method,
    '',
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
    ...(section.notes && section.notes.length > 0 ? ['', ...section.notes.map((note) => `- ${note}`)] : []),
    '',
  ].join('\n')
}

export const fmt = (value: number, digits = 0): string =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

/** A results file with each of `sections` in place of the section of the same title (appended when new). */
export function replaceSections(file: string, sections: string[]): string {
  let text = file
  for (const section of sections) {
    const title = section.slice(0, section.indexOf('\n'))
    const start = text.indexOf(`${title}\n`)
    if (start === -1) {
      text = `${text.trimEnd()}\n\n${section}`
      continue
    }
    const next = text.indexOf('\n## ', start + title.length)
    text = `${text.slice(0, start)}${section}${next === -1 ? '' : text.slice(next + 1)}`
  }
  return text
}
