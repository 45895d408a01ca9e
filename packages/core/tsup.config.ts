import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    flows: 'src/flows.ts',
    display: 'src/display.ts',
    clock: 'src/kernel/clock.ts',
    'testing/index': 'src/testing/index.ts',
    'contract/index': 'src/contract/index.ts',
  },
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2023',
  platform: 'neutral',
  external: ['@supabase/auth-js'],
})
