/** A lesson's materials file: its Korean name (what the learner saves it as), an ASCII fallback, and the bytes. */
export interface MaterialsFile {
  readonly filename: string
  readonly asciiFilename: string
  readonly contentType: string
  readonly bytes: Uint8Array<ArrayBuffer>
}

interface MaterialsLesson {
  readonly id: number
  readonly courseId: number
  readonly order: number
}

/** `1강 수업 자료.pdf`: a one-page PDF naming the lesson, a few hundred bytes. */
export function materialsFileFor(lesson: MaterialsLesson): MaterialsFile {
  return {
    filename: `${lesson.order}강 수업 자료.pdf`,
    asciiFilename: `lesson-${lesson.id}-materials.pdf`,
    contentType: 'application/pdf',
    bytes: onePagePdf([
      'CourseKit lesson materials',
      `Course ${lesson.courseId}, lesson ${lesson.order} (id ${lesson.id})`,
    ]),
  }
}

/**
 * `content-disposition` for a download saved under `filename`: RFC 6266 with the RFC 8187
 * `filename*` in UTF-8 for a non-ASCII name, and a plain `filename` for clients that read no other.
 */
export function attachmentHeader(filename: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${asciiFallback.replace(/["\\]/g, '')}"; filename*=UTF-8''${encoded}`
}

/**
 * A valid single-page PDF 1.4 (A4) with each line in Helvetica: objects, a cross-reference table
 * whose offsets point at them, and the trailer, so any PDF reader opens it. Lines are ASCII (the
 * standard fonts have no Hangul). The second line is the usual comment of four bytes above 127
 * that marks the file as binary, so a transfer that treats it as text (and breaks it) shows.
 */
export function onePagePdf(lines: readonly string[]): Uint8Array<ArrayBuffer> {
  const pdfString = (line: string) => line.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, '\\$&')
  const text = lines.map(
    (line, index) => `BT /F1 ${index === 0 ? 20 : 12} Tf 72 ${760 - index * 28} Td (${pdfString(line)}) Tj ET`,
  )
  const stream = text.join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ]
  // One character per byte (Latin-1), so string offsets are byte offsets.
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(pdf.length)
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Uint8Array.from(pdf, (char) => char.charCodeAt(0))
}
