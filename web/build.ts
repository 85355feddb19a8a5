/**
 * How the SPA is built for a fast first paint (vite.config.ts): few files on the way (browsers open
 * six connections per host over HTTP/1.1), and the reader's translations requested with the app.
 */
import path from "node:path";
import { parseAst, type Plugin, type Rollup } from "vite";

/** The file groups of the build (rolldown's `codeSplitting.groups`). */
export const CHUNK_GROUPS = [
  // Everything the entry imports statically, in one file (the entry itself stays the HTML's script).
  { name: "app", tags: ["$initial" as const], test: (id: string) => !/(index\.html|src\/main\.tsx)$/.test(id) },
  // What the sign-in pages share with the others (the form pattern, its fields, the snackbar it reports
  // through), in a file of its own: taken before the kit, whose modules import them too, so /login
  // loads them without the kit.
  { name: "forms", test: (id: string) => /\/web\/src\/(components\/(FormField|Snackbar)|lib\/form)\.tsx?$/.test(id) },
  // The shared pieces pages are made of (tables, toolbars, dialogs, list helpers, SWR), in one file
  // instead of a dozen per page. Not the rich-text editor, which pages load with import() only: a group
  // takes each module's libraries along, so in the kit TipTap (130 kB gzipped) came with every page.
  {
    name: "kit",
    test: (id: string) =>
      /\/web\/src\/(components|lib)\/|\/node_modules\/swr\//.test(id) && !/\/components\/RichTextEditor\.tsx$/.test(id),
  },
];

/** What index.html names for web/boot.js to preload with the app (`<meta name="first-load">`). */
export interface FirstLoadFiles {
  /** The default layout's chunk and the chunks it imports beyond the entry's (for a signed-in reader). */
  layout: string[];
  /**
   * Per language, the common translations (`common`), those of the signed-in app (`app`,
   * web/src/i18n/bundles) and those of each feature with a file of its own (by namespace).
   */
  languages: Record<string, Record<string, string>>;
  /** The namespaces of the menu's titles that have a file of their own (a signed-in reader needs them). */
  menu: string[];
}

/** The menu and the navbar widgets as the build reads them from the features' index.ts and nav.ts files. */
export interface LayoutSource {
  /** Namespaces of the menu's titles ("front:menu.faq" → "front"). */
  menuNamespaces: string[];
  /** The navbar widgets' modules (`component: () => import(...)`), no extension: the default layout shows them. */
  widgets?: string[];
}

type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && "type" in value;

function walk(node: unknown, visit: (node: Node) => void) {
  if (Array.isArray(node)) return node.forEach((child) => walk(child, visit));
  if (!isNode(node)) return;
  visit(node);
  for (const [key, value] of Object.entries(node)) if (key !== "type") walk(value, visit);
}

const stringOf = (node: unknown) =>
  isNode(node) && node.type === "Literal" && typeof node.value === "string" ? node.value : null;

/**
 * Reads a feature's index.ts or nav.ts (`file`, its source) for what the default layout shows of it: the
 * namespaces of its menu titles (`title: "ns:key"` of an object without `path`) and its navbar widgets'
 * modules (`component: () => import("./components/X")`, inline or through a constant of the file).
 */
export function layoutSource(source: string, file: string): LayoutSource {
  const ast = parseAst(source, { lang: "ts" });
  const constants = new Map<string, Node>();
  walk(ast, (node) => {
    const { id, init } = node as { id?: Node; init?: Node };
    if (node.type === "VariableDeclarator" && id?.type === "Identifier" && isNode(init)) constants.set(id.name as string, init);
  });
  const imported = (value: unknown) => {
    const load = (isNode(value) && value.type === "Identifier" ? constants.get(value.name as string) : value) as
      { type: string; body?: Node } | undefined;
    const body = load?.type === "ArrowFunctionExpression" ? load.body : null;
    const spec = body?.type === "ImportExpression" ? stringOf(body.source) : null;
    return spec ? path.resolve(path.dirname(file), spec).replace(/\.[jt]sx?$/, "") : null;
  };
  const widgets: string[] = [];
  const menu = new Set<string>();
  walk(ast, (node) => {
    if (node.type !== "ObjectExpression") return;
    const fields = new Map(
      (node.properties as Node[]).flatMap((p) =>
        p.type === "Property" && isNode(p.key) && p.key.type === "Identifier" ? [[p.key.name as string, p.value]] : [],
      ),
    );
    // A menu item has a title and no path (a route's title names its page, not a menu entry).
    const title = fields.has("path") ? null : stringOf(fields.get("title"));
    if (title?.includes(":")) menu.add(title.split(":")[0]!);
    const widget = imported(fields.get("component"));
    if (widget) widgets.push(widget);
  });
  return { menuNamespaces: [...menu], widgets };
}

/** The part of a build's chunk the plan needs. */
export interface BuiltChunk {
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  isDynamicEntry?: boolean;
  moduleIds?: string[];
}

/** What of a build's output the plans read. */
export const builtChunks = (bundle: Rollup.OutputBundle): BuiltChunk[] =>
  Object.values(bundle).flatMap((out) =>
    out.type === "chunk"
      ? [
          {
            fileName: out.fileName,
            facadeModuleId: out.facadeModuleId,
            isEntry: out.isEntry,
            imports: out.imports,
            isDynamicEntry: out.isDynamicEntry,
            moduleIds: out.moduleIds,
          },
        ]
      : [],
  );

/** A chunk's file and every file it imports statically, transitively. */
function withImports(byFile: Map<string, BuiltChunk>, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const dep of byFile.get(fileName)?.imports ?? []) withImports(byFile, dep, seen);
  return seen;
}

/** The files of `roots` with what they import, but those the entry imports (index.html preloads them), as paths. */
function beyondEntry(chunks: BuiltChunk[], roots: string[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [...withImports(byFile, c.fileName)]));
  return [...new Set(roots.flatMap((f) => [...withImports(byFile, f)]))].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
}

/**
 * The code a page's render loaded (`loaded`: module ids) that index.html does not already preload: the lazily
 * loaded chunks holding any of its modules, with their imports beyond the entry's. A shell (the payment page's)
 * paints its content only once its page has run and asked for its data, so web/prerender.ts names them in its
 * head and the browser fetches them with the entry instead of after it (decision 0009).
 */
export function pageChunks(chunks: BuiltChunk[], loaded: ReadonlySet<string>): string[] {
  const pages = chunks.filter((c) => c.isDynamicEntry && (c.moduleIds ?? []).some((id) => /\.tsx?$/.test(id) && loaded.has(id)));
  return beyondEntry(
    chunks,
    pages.map((c) => c.fileName),
  );
}

/** Finds among a build's chunks the default layout's files (with the widgets of `source`) and the locale files. */
export function firstLoadFiles(chunks: BuiltChunk[], source: LayoutSource = { menuNamespaces: [] }): FirstLoadFiles {
  const layout = chunks.find((c) => c.facadeModuleId?.endsWith("/src/app/layouts/DefaultLayout.tsx"));
  const modules = new Map(chunks.flatMap((c) => (c.facadeModuleId ? [[c.facadeModuleId.replace(/\.[jt]sx?$/, ""), c]] : [])));
  // The layout's chunk and its navbar's widgets (loaded as soon as it renders), with what they import.
  const widgetChunks = (source.widgets ?? []).flatMap((widget) => modules.get(widget)?.fileName ?? []);
  const files: FirstLoadFiles = {
    layout: layout ? beyondEntry(chunks, [layout.fileName, ...widgetChunks]) : [],
    languages: {},
    menu: [],
  };
  for (const { fileName, facadeModuleId } of chunks) {
    const file = /\/src\/(?:i18n\/(locales|bundles)|features\/(\w+)\/locales)\/(\w+)\.(?:json|ts)$/.exec(facadeModuleId ?? "");
    if (file) (files.languages[file[3]!] ??= {})[file[2] ?? (file[1] === "locales" ? "common" : "app")] = `/${fileName}`;
  }
  const ownFile = new Set(Object.values(files.languages).flatMap((language) => Object.keys(language)));
  files.menu = source.menuNamespaces.filter((ns) => ownFile.has(ns));
  return files;
}

/**
 * Names in index.html (`<meta name="first-load">`) the files a first paint needs beyond the entry,
 * so web/boot.js can preload them with the app instead of after it has started: the
 * reader's language files, and the default layout when someone is signed in.
 */
export function firstLoadPreload(): Plugin {
  // The features' menus and widgets, read from their source as the build loads them.
  const tables = new Map<string, LayoutSource>();
  return {
    name: "first-load-preload",
    apply: "build",
    enforce: "pre",
    transform: {
      filter: { id: /\/src\/features\/\w+\/(index|nav)\.ts$/ },
      handler(code, id) {
        tables.set(id, layoutSource(code, id));
        return null;
      },
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunks = builtChunks(ctx.bundle ?? {});
        const source: LayoutSource = {
          widgets: [...tables.values()].flatMap((table) => table.widgets ?? []),
          menuNamespaces: [...new Set([...tables.values()].flatMap((table) => table.menuNamespaces))],
        };
        const content = JSON.stringify(firstLoadFiles(chunks, source));
        return [{ tag: "meta", attrs: { name: "first-load", content }, injectTo: "head-prepend" }];
      },
    },
  };
}
