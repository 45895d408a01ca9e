import { defineConfig } from 'tsup'

export default defineConfig({
  // The worker is its own entry: `simulate` starts it by file name, dist/simulate-worker.js beside the bundle
  // that spawns it (src/simulate/run.ts).
  entry: { index: 'src/index.ts', bin: 'src/bin.ts', 'simulate-worker': 'src/simulate/worker.ts' },
  format: ['esm'],
  dts: { entry: ['src/index.ts'] },
  clean: true,
  target: 'node20',
  platform: 'node',
  external: ['@coursekit/core', '@coursekit/mock-server', '@supabase/auth-js'],
})
