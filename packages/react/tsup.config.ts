import { defineConfig } from 'tsup'

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2023',
  platform: 'neutral',
  // Peers and the core stay imports: the app has one React and one core.
  external: ['react', 'react-dom', '@coursekit/core'],
})
