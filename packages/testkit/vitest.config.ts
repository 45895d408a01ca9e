import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@coursekit/source'] },
  ssr: { resolve: { conditions: ['@coursekit/source'] } },
  test: {
    name: 'testkit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
})
