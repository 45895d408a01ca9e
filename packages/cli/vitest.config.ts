import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@coursekit/source'] },
  ssr: { resolve: { conditions: ['@coursekit/source'] } },
  test: {
    name: 'cli',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Scenario and command tests run whole simulated days and spawn the bin: give them room.
    testTimeout: 60_000,
  },
})
