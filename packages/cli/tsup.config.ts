import { defineConfig } from 'tsup'

export default defineConfig({
  // The worker is its own entry: `simulate` starts it by file name next to the code that spawns it.
  entry: ['src/index.ts', 'src/bin.ts', 'src/simulate-worker.ts'],
  format: ['esm'],
  dts: { entry: ['src/index.ts'] },
  clean: true,
  target: 'node20',
  platform: 'node',
  external: ['@coursekit/core', '@coursekit/mock-server', '@supabase/auth-js'],
})
