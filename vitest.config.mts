import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['__test__/**/*.spec.ts'],
    // Each test file gets its own process, so a native crash in one file is
    // reported against that file instead of taking the whole run down.
    pool: 'forks',
    // The packaging test runs `npm pack`, `npm install` and `tsc`.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
