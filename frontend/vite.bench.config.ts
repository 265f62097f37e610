import { defineConfig } from "vite";

// The benchmark bundle (bench/bench_client.py): one classic script and its CSS, loadable from file://.
export default defineConfig({
  publicDir: false,
  build: {
    outDir: "bench-dist",
    emptyOutDir: true,
    target: "es2022",
    lib: { entry: "src/bench.ts", formats: ["iife"], name: "arbitroBenchBundle", fileName: () => "bench.js" },
    cssCodeSplit: false,
    rollupOptions: { output: { assetFileNames: "bench[extname]" } },
  },
});
