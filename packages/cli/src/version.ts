import { readFileSync } from 'node:fs'

/** The package's version: package.json sits one level above both src/ and dist/. */
export function cliVersion(): string {
  try {
    const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8')
    return (JSON.parse(text) as { version?: string }).version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
}

/**
 * The user agent `devices` and `login` send, shaped like a browser's so that the device list (and
 * the device-limit dialog of the web app) can name it: the product, then the operating system in
 * the tokens browsers use ("X11; Linux x86_64", "Macintosh; Intel Mac OS X", "Windows NT 10.0"),
 * then the runtime. E.g. `coursekit-cli/0.1.0 (X11; Linux x86_64) Node.js/24.21.0`.
 */
export function cliUserAgent(
  platform: string = process.platform,
  arch: string = process.arch,
  node: string = process.versions.node,
): string {
  const cpu = arch === 'x64' ? 'x86_64' : arch === 'arm64' ? 'aarch64' : arch
  const system =
    platform === 'linux'
      ? `X11; Linux ${cpu}`
      : platform === 'darwin'
        ? 'Macintosh; Intel Mac OS X'
        : platform === 'win32'
          ? `Windows NT 10.0; ${arch === 'x64' ? 'Win64; x64' : cpu}`
          : `${platform} ${cpu}`
  return `coursekit-cli/${cliVersion()} (${system}) Node.js/${node}`
}
