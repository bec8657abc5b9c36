import { defineConfig } from 'vitest/config'

// Under qemu-user every Node a test starts is emulated (seconds each), and under wine
// processes start slowly too: the same tests get more time there, never fewer checks.
const slow = process.env.EOL_EDIT_UNDER === 'qemu' ? 4 : process.env.EOL_EDIT_UNDER === 'wine' ? 2 : 1

export default defineConfig({
  test: {
    include: ['__test__/**/*.spec.ts'],
    // Each test file gets its own process, so a native crash in one file is
    // reported against that file instead of taking the whole run down.
    pool: 'forks',
    // The packaging test runs `npm pack`, `npm install` and `tsc`.
    testTimeout: 60_000 * slow,
    hookTimeout: 60_000 * slow,
  },
})
