import { defineConfig } from 'tsup'

const entries = {
  index: 'src/index.ts',
  msw: 'src/msw.ts',
  'node-server': 'src/node-server.ts',
  'serve-command': 'src/serve-command.ts',
  'vite-plugin': 'src/vite-plugin.ts',
}

export default defineConfig({
  entry: { ...entries, bin: 'src/bin.ts' },
  format: ['esm'],
  dts: { entry: entries },
  clean: true,
  target: 'node20',
  platform: 'node',
  // The core is resolved from the workspace package, not bundled: one copy of the wire schemas and
  // the consumer's own clock.
  external: ['@coursekit/core', 'msw', 'vite'],
})
