import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { CHUNK_GROUPS, firstLoadPreload } from "./web/build";

/** The SPA: built into dist/client, which the Worker serves as static assets. */
export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), firstLoadPreload()],
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
      },
    },
  },
  server: {
    port: 5173,
    // `npm run dev:web` serves the SPA with hot reload next to a running `npm start` (the API).
    proxy: { "/api": "http://127.0.0.1:8787", "/images": "http://127.0.0.1:8787" },
  },
});
