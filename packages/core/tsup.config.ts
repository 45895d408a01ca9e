import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { 'contract/index': 'src/contract/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2023',
  platform: 'neutral',
  external: ['@supabase/supabase-js'],
})
