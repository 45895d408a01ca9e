import { defineProject } from 'vitest/config'

/**
 * The learner app in real Chromium, and its main journeys in WebKitGTK (test/webkit/):
 * `test/global-setup.ts` builds the app once and serves it with `vite preview` and the mock backend
 * on one origin; each test file drives pages over it. The start program's own tests (scripts/) run
 * here too.
 */
export default defineProject({
  resolve: { conditions: ['@coursekit/source'] },
  ssr: { resolve: { conditions: ['@coursekit/source'] } },
  test: {
    name: 'web',
    environment: 'node',
    include: ['test/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // A browser journey waits on real page loads; a slow shared machine needs room.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
})
