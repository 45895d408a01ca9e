import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@coursekit/source'] },
  ssr: { resolve: { conditions: ['@coursekit/source'] } },
  test: {
    name: 'react',
    // Components need a DOM; the server-rendering test file opts back into node with a docblock.
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
})
