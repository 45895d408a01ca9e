import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    // Packages test against each other's source, never a stale build.
    conditions: ['@coursekit/source'],
  },
  ssr: {
    resolve: {
      conditions: ['@coursekit/source'],
    },
  },
  test: {
    projects: ['packages/*', 'apps/*', 'examples', 'bench'],
  },
})
