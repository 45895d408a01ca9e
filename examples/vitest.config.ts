import { defineProject } from 'vitest/config'

export default defineProject({
  resolve: { conditions: ['@coursekit/source'] },
  ssr: { resolve: { conditions: ['@coursekit/source'] } },
  test: {
    name: 'examples',
    environment: 'node',
    include: ['*.test.ts'],
    // Each test starts a Node process (and one packs and installs packages): on a busy 2-core
    // machine that takes seconds, so the limit is the one the child processes are given.
    testTimeout: 60_000,
  },
})
