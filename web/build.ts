/**
 * How the SPA is built for a fast first paint (vite.config.ts): few files on the way (browsers open
 * six connections per host over HTTP/1.1), and the reader's translations requested with the app.
 */
import type { Plugin } from "vite";

/** The file groups of the build (rolldown's `codeSplitting.groups`). */
export const CHUNK_GROUPS = [
  // Everything the entry imports statically, in one file (the entry itself stays the HTML's script).
  { name: "app", tags: ["$initial" as const], test: (id: string) => !/(index\.html|src\/main\.tsx)$/.test(id) },
  // What the sign-in pages share with the others (the form pattern, its fields, the snackbar it reports
  // through), in a file of its own: taken before the kit, whose modules import them too, so /login
  // loads them without the kit.
  { name: "forms", test: (id: string) => /\/web\/src\/(components\/(FormField|Snackbar)|lib\/form)\.tsx?$/.test(id) },
  // The shared pieces pages are made of (tables, toolbars, dialogs, list helpers, SWR), in one file
  // instead of a dozen per page.
  { name: "kit", test: (id: string) => /\/web\/src\/(components|lib)\/|\/node_modules\/swr\//.test(id) },
];

/** What index.html names for public/preferences.js to preload with the app (`<meta name="first-load">`). */
export interface FirstLoadFiles {
  /** The default layout's chunk and the chunks it imports beyond the entry's (for a signed-in reader). */
  layout: string[];
  /** Per language, the common translations and those of the signed-in app (web/src/i18n/bundles). */
  languages: Record<string, { common?: string; app?: string }>;
}

/** The part of a build's chunk the plan needs. */
export interface BuiltChunk {
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
}

/** A chunk's file and every file it imports statically, transitively. */
function withImports(byFile: Map<string, BuiltChunk>, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const dep of byFile.get(fileName)?.imports ?? []) withImports(byFile, dep, seen);
  return seen;
}

/** Finds the default layout's files and the locale files among a build's chunks. */
export function firstLoadFiles(chunks: BuiltChunk[]): FirstLoadFiles {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [...withImports(byFile, c.fileName)]));
  const layout = chunks.find((c) => c.facadeModuleId?.endsWith("/src/layouts/DefaultLayout.tsx"));
  const files: FirstLoadFiles = {
    layout: layout ? [...withImports(byFile, layout.fileName)].filter((f) => !loaded.has(f)).map((f) => `/${f}`) : [],
    languages: {},
  };
  for (const { fileName, facadeModuleId } of chunks) {
    const file = /\/src\/i18n\/(locales|bundles)\/(\w+)\.(?:json|ts)$/.exec(facadeModuleId ?? "");
    if (file) (files.languages[file[2]!] ??= {})[file[1] === "locales" ? "common" : "app"] = `/${fileName}`;
  }
  return files;
}

/**
 * Names in index.html (`<meta name="first-load">`) the files a first paint needs beyond the entry,
 * so public/preferences.js can preload them with the app instead of after it has started: the
 * reader's language files, and the default layout when someone is signed in.
 */
export function firstLoadPreload(): Plugin {
  return {
    name: "first-load-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((out) =>
          out.type === "chunk"
            ? [{ fileName: out.fileName, facadeModuleId: out.facadeModuleId, isEntry: out.isEntry, imports: out.imports }]
            : [],
        );
        const content = JSON.stringify(firstLoadFiles(chunks));
        return [{ tag: "meta", attrs: { name: "first-load", content }, injectTo: "head-prepend" }];
      },
    },
  };
}
