import { defineConfig } from "vitest/config";

// Builds frontend/dist/app.js and app.css with fixed names: Django serves frontend/dist as static
// files (project/settings.py STATICFILES_DIRS) and the templates load {% static 'app.js' %}.
export default defineConfig({
  base: "/static/",
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    rollupOptions: {
      input: "src/main.ts",
      output: {
        entryFileNames: "app.js",
        chunkFileNames: "app-[name].js",
        assetFileNames: "app[extname]",
      },
    },
  },
  // The repository, not only frontend/: the tests read the server's templates (match-page.test.ts draws the match
  // page from matches/templates). Only Vitest serves files; the build reads none of these.
  server: { fs: { allow: [".."] } },
  test: {
    environment: "node",
    include: ["src/__tests__/**/*.test.ts"],
    // These tests assert what the page does, not how fast (speed is bench/bench_client.py's): a 64×64 board in
    // jsdom takes over Vitest's default 5 s on a loaded 2-core machine.
    testTimeout: 30_000,
  },
});
