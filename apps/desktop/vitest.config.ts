import { defineProject } from 'vitest/config'

/**
 * The shell's own tests: its gjs modules run headless by `gjs` (test/gjs/), driven from here, and
 * the whole window driven by WebKitWebDriver under Xvfb against the built app and the mock backend.
 */
export default defineProject({
  resolve: { conditions: ['@coursekit/source'] },
  ssr: { resolve: { conditions: ['@coursekit/source'] } },
  test: {
    name: 'desktop',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
})
