import { readFile } from 'node:fs/promises'
import { isMap, isNode, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml'
import { referenceProblems } from './references.ts'
import { issuePath, type Scenario, ScenarioSchema } from './schema.ts'

/** A problem in a scenario file, where it is. */
export interface FileProblem {
  line: number
  column: number
  /** Where in the document, e.g. steps[3].sign-in. */
  at: string
  message: string
}

/** A scenario file that cannot be run: unreadable, not YAML/JSON, or not a valid scenario. Exit code 2. */
export class ScenarioFileError extends Error {
  override readonly name = 'ScenarioFileError'
  readonly file: string
  readonly problems: readonly FileProblem[]
  constructor(file: string, problems: readonly FileProblem[]) {
    super(problems.map((problem) => formatProblem(file, problem)).join('\n'))
    this.file = file
    this.problems = problems
  }
}

export function formatProblem(file: string, problem: FileProblem): string {
  const at = problem.at ? `${problem.at}: ` : ''
  return `${file}:${problem.line}:${problem.column}: ${at}${problem.message}`
}

export async function loadScenarioFile(path: string, displayName = path): Promise<Scenario> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message
    throw new ScenarioFileError(displayName, [
      { line: 1, column: 1, at: '', message: `cannot read the file: ${reason}` },
    ])
  }
  return parseScenario(text, displayName)
}

/**
 * Parses a scenario from YAML or JSON text (JSON is YAML), validating it; every problem comes with
 * its line and column.
 */
export function parseScenario(text: string, file: string): Scenario {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true })
  if (doc.errors.length > 0) {
    throw new ScenarioFileError(
      file,
      doc.errors.map((error) => {
        const position = lineCounter.linePos(error.pos[0])
        return { line: position.line, column: position.col, at: '', message: firstLine(error.message) }
      }),
    )
  }
  const data: unknown = doc.toJS() ?? {}
  const parsed = ScenarioSchema.safeParse(data)
  const references = referenceProblems(data)
  if (parsed.success && references.length === 0) return parsed.data
  const shapeProblems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        path: issuePath(issue).map((key) => (typeof key === 'symbol' ? String(key) : key)),
        message: issue.message,
      }))
  const problems = [...shapeProblems, ...references].map(({ path, message }) => {
    const position = locate(doc.contents, path, lineCounter)
    return { line: position.line, column: position.col, at: formatPath(path), message }
  })
  problems.sort((a, b) => a.line - b.line || a.column - b.column)
  throw new ScenarioFileError(file, problems)
}

/**
 * The line of `path` in the document: a map entry's key (where a reader looks for it), a list item;
 * for a path that does not exist (a missing key), the deepest part that does.
 */
function locate(
  root: unknown,
  path: readonly (string | number)[],
  lineCounter: LineCounter,
): { line: number; col: number } {
  let node: unknown = root
  let found: Node | null = isNode(root) ? root : null
  for (const [depth, key] of path.entries()) {
    const last = depth === path.length - 1
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(key),
      )
      if (!pair) break
      if (last || !isNode(pair.value)) {
        if (isNode(pair.key)) found = pair.key
        break
      }
      node = pair.value
      found = pair.value
    } else if (isSeq(node) && typeof key === 'number') {
      const item = node.items[key]
      if (!isNode(item)) break
      node = item
      found = item
    } else {
      break
    }
  }
  return lineCounter.linePos(found?.range?.[0] ?? 0)
}

function formatPath(path: readonly (string | number)[]): string {
  let text = ''
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : text === '' ? key : `.${key}`
  return text
}

const firstLine = (message: string) => message.split('\n')[0]!.trim()
