import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'simulated-clock': 'src/simulated-clock.ts',
    'contract/index': 'src/contract/index.ts',
  },
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2023',
  platform: 'neutral',
  external: ['@supabase/auth-js'],
})
