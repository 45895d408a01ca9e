import type { Notice } from './emitter.ts'

/**
 * The longest text a toast shows. A server's error can be anything up to a whole HTML page or a
 * stack trace; a toast needs a line or two, and the full text stays in the response value.
 */
export const NOTICE_TEXT_MAX_LENGTH = 200

/** `text` as a toast shows it: cut to NOTICE_TEXT_MAX_LENGTH with an ellipsis when longer. */
export function noticeText(text: string): string {
  if (text.length <= NOTICE_TEXT_MAX_LENGTH) return text
  let end = NOTICE_TEXT_MAX_LENGTH - 1
  // A cut between the two halves of a surrogate pair would leave half an emoji.
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end--
  return `${text.slice(0, end).trimEnd()}…`
}

/** A notice with its message and description cut as a toast shows them. */
export function clippedNotice(notice: Notice): Notice {
  const message = noticeText(notice.message)
  const description = notice.description === undefined ? undefined : noticeText(notice.description)
  if (message === notice.message && description === notice.description) return notice
  return description === undefined ? { ...notice, message } : { ...notice, message, description }
}
