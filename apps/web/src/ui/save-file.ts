/**
 * Saves a downloaded file under `filename`, as a link with `download` would: a blob URL on an `<a
 * download>`, clicked. The URL is revoked on the next task, once the browser has taken the file
 * (revoking at once can cancel the download in some engines).
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
