import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { inlineBootScript } from "./scripts/boot";
import { CHUNK_GROUPS, firstLoadPreload } from "./web/build";
import { staticHeaders } from "./scripts/static-headers";
import { prerenderPages } from "./web/prerender";
import { writeFeatureIndexes } from "./scripts/features";

// The roles pages read the subjects the features add (web/src/lib/subjects.gen.ts).
writeFeatureIndexes();

/**
 * Fails the build when a module under worker/ is bundled into the web app: the web imports only
 * types from the Worker (the contract), which the compiler erases before bundling.
 */
export function noWorkerCode(workerDir = path.join(import.meta.dirname, "worker")): Plugin {
  const inside = workerDir + path.sep;
  return {
    name: "no-worker-code",
    load(id) {
      if (path.resolve(id.split("?")[0]!).startsWith(inside)) {
        this.error(
          `Worker code must not enter the web bundle: ${path.relative(path.dirname(workerDir), id)} (import only types)`,
        );
      }
      return null;
    },
  };
}

/** The SPA: built into dist/client, which the Worker serves as static assets. */
export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), noWorkerCode(), inlineBootScript(), firstLoadPreload(), prerenderPages(), staticHeaders()],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 200,
    rolldownOptions: {
      output: {
        // Fewer, larger files where a first paint needs them together (web/build.ts).
        codeSplitting: { groups: CHUNK_GROUPS },
        // Pages' chunks are named by hash alone: every route's loader in the first load lists its chunk's
        // files (the preload map), and a name per file cost /login 1.1 kB gzipped of its 110 (decision 0002).
        // The file groups keep their names (a test holds the app back by its file).
        chunkFileNames: (chunk) =>
          CHUNK_GROUPS.some((group) => group.name === chunk.name) ? "assets/[name]-[hash].js" : "assets/[hash].js",
      },
    },
  },
  server: {
    port: 5173,
    // `npm run dev:web` serves the SPA with hot reload next to a running `npm start` (the API).
    proxy: { "/api": "http://127.0.0.1:8787", "/images": "http://127.0.0.1:8787" },
  },
});
