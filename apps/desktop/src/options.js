// The command line: `--url URL` (default COURSEKIT_DESKTOP_URL, else npm start's http://localhost:5173),
// `--automation` (let WebKitWebDriver drive the window), `--command-log FILE` (default
// COURSEKIT_DESKTOP_COMMAND_LOG). An unknown option or a URL that is not http(s) is an error.
export const DEFAULT_URL = 'http://localhost:5173'

export const USAGE = `Usage: gjs -m apps/desktop/src/main.js [--url URL] [--automation] [--command-log FILE]
  --url URL            the learner app to open (default ${DEFAULT_URL}, what npm start serves)
  --automation         allow WebKitWebDriver to drive the window
  --command-log FILE   append the invoked commands (names, methods, URLs without query) to FILE`

/** @param {string[]} argv @param {(name: string) => string | null} getenv */
export function parseOptions(argv, getenv) {
  const options = {
    url: getenv('COURSEKIT_DESKTOP_URL') || DEFAULT_URL,
    automation: false,
    commandLog: getenv('COURSEKIT_DESKTOP_COMMAND_LOG') || null,
    help: false,
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined]
    const value = () => {
      const next = inline ?? argv[++i]
      if (next === undefined || next === '') throw new Error(`${name} needs a value`)
      return next
    }
    if (name === '--url') options.url = value()
    else if (name === '--automation') options.automation = true
    else if (name === '--command-log') options.commandLog = value()
    else if (name === '--help' || name === '-h') options.help = true
    else throw new Error(`unknown option: ${arg}`)
  }
  if (!/^https?:\/\/[^/]/.test(options.url)) throw new Error(`--url must be an http(s) URL, not ${options.url}`)
  return options
}
