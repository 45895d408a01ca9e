import { defineConfig } from 'tsup'

export default defineConfig({
  entry: [
    'src/index.ts',
    'src/msw.ts',
    'src/node-server.ts',
    'src/serve-command.ts',
    'src/vite-plugin.ts',
    'src/bin.ts',
  ],
  format: ['esm'],
  dts: { entry: ['src/index.ts', 'src/msw.ts', 'src/node-server.ts', 'src/serve-command.ts', 'src/vite-plugin.ts'] },
  clean: true,
  target: 'node20',
  platform: 'node',
  // The contract is resolved from the workspace package, not bundled: one copy of the wire schemas.
  external: ['@coursekit/core', 'msw', 'vite'],
})
