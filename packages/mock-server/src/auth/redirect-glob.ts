/**
 * GoTrue's allow-list patterns (gobwas/glob compiled with the separators '.' and '/'), as a RegExp
 * over the whole URL: `*` is any run of characters but a separator, `**` any run at all, `?` one
 * character but a separator, `[abc]` / `[a-z]` / `[!abc]` one of (or none of) a set, `{a,b}` either
 * alternative, `\x` the character x. So `https://*.example.com/**` matches a subdomain, not
 * `https://evil.com/.example.com/`, and a pattern without a wildcard matches only itself.
 */
export function compileRedirectGlob(pattern: string): RegExp {
  const parser = { text: pattern, at: 0 }
  const body = parseSequence(parser, false)
  if (parser.at < pattern.length) throw new RangeError(`redirect allow-list pattern is malformed: ${pattern}`)
  return new RegExp(`^${body}$`, 's')
}

interface Parser {
  text: string
  at: number
}

const NOT_SEPARATOR = '[^./]'

/** Up to the end, or (inside braces) up to the `,` or `}` that ends an alternative. */
function parseSequence(p: Parser, inBraces: boolean): string {
  let out = ''
  while (p.at < p.text.length) {
    const char = p.text[p.at]!
    if (inBraces && (char === ',' || char === '}')) return out
    p.at += 1
    if (char === '*') {
      if (p.text[p.at] === '*') {
        p.at += 1
        out += '.*'
      } else out += `${NOT_SEPARATOR}*`
    } else if (char === '?') out += NOT_SEPARATOR
    else if (char === '[') out += parseClass(p)
    else if (char === '{') out += parseAlternatives(p)
    else if (char === '\\' && p.at < p.text.length) {
      out += escapeRegExp(p.text[p.at]!)
      p.at += 1
    } else out += escapeRegExp(char)
  }
  if (inBraces) throw new RangeError(`redirect allow-list pattern has an unclosed '{': ${p.text}`)
  return out
}

function parseAlternatives(p: Parser): string {
  const alternatives: string[] = []
  for (;;) {
    alternatives.push(parseSequence(p, true))
    const end = p.text[p.at]
    p.at += 1
    if (end === '}') return `(?:${alternatives.join('|')})`
  }
}

function parseClass(p: Parser): string {
  const close = p.text.indexOf(']', p.at)
  if (close < 0) throw new RangeError(`redirect allow-list pattern has an unclosed '[': ${p.text}`)
  let inside = p.text.slice(p.at, close)
  p.at = close + 1
  const negated = inside.startsWith('!')
  if (negated) inside = inside.slice(1)
  const members = [...inside].map((char) => (char === '-' ? '-' : escapeRegExp(char))).join('')
  // gobwas's negated class is "one character that is not listed", separators included.
  return negated ? `[^${members}]` : `[${members}]`
}

function escapeRegExp(char: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char
}
