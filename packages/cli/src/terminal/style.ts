/**
 * Colour for people, nothing for machines: ANSI codes only when the stream is a terminal and
 * NO_COLOR is unset (https://no-color.org); FORCE_COLOR turns them on anyway. No colour library:
 * four codes are all a summary needs.
 */
export interface Style {
  readonly enabled: boolean
  bold(text: string): string
  dim(text: string): string
  green(text: string): string
  red(text: string): string
  yellow(text: string): string
}

export interface ColourContext {
  isTTY?: boolean
  env: Record<string, string | undefined>
}

export function colourEnabled(context: ColourContext): boolean {
  const { env } = context
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true
  if (env.TERM === 'dumb') return false
  return context.isTTY === true
}

export function createStyle(enabled: boolean): Style {
  const wrap = (open: number, close: number) => (text: string) =>
    enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text
  return {
    enabled,
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    green: wrap(32, 39),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
  }
}
