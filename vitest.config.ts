import { defineConfig } from "vitest/config";

// Unit and integration tests sit next to the code as *.test.ts. Integration tests use a real
// SQLite file and, when TEST_DATABASE_URL is set, a real PostgreSQL database of their own.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two test files at a time: most of a file's time is spent waiting on its database.
    maxWorkers: 2,
  },
});
