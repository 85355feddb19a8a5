/**
 * How the SPA is built for a fast first paint (vite.config.ts): few files on the way (browsers open
 * six connections per host over HTTP/1.1), and the reader's translations requested with the app.
 */
import path from "node:path";
import { parseAst, type Plugin } from "vite";

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
  /**
   * The routes of the table whose page the build could read (routePages), paths without parameters
   * first: the page's chunk with what it imports beyond the entry's and the layout's files, and its
   * namespace. Opened at its address, the route's page then arrives with the app, not after it.
   */
  routes: FirstLoadRoute[];
}

export interface FirstLoadRoute {
  /** The route's pattern: literal segments and `:name` parameters. */
  path: string;
  files: string[];
  ns: string;
  /** A blank-layout route: no menu, so none of the layout's files. */
  blank?: true;
}

/** A route as a feature's index.ts declares it: its pattern, its page module (no extension), its layout. */
export interface RoutePage {
  path: string;
  page: string;
  blank: boolean;
}

/** The route table and the menu as the build reads them from the features' index.ts files. */
export interface RouteSource {
  routes: RoutePage[];
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
 * Reads a feature's index.ts (`file`, its source) for its routes: objects with a literal `path` and a
 * `page` that imports a module, inline (`() => import("./pages/X")`) or through a constant of the
 * file; `meta` inline or a constant of the file. Routes built otherwise are left out (they load as
 * before, only without the head start). Also the namespaces of the menu titles (`title: "ns:key"` of an object without `path`).
 */
export function routePages(source: string, file: string): RouteSource {
  const ast = parseAst(source, { lang: "ts" });
  const constants = new Map<string, Node>();
  walk(ast, (node) => {
    const { id, init } = node as { id?: Node; init?: Node };
    if (node.type === "VariableDeclarator" && id?.type === "Identifier" && isNode(init)) constants.set(id.name as string, init);
  });
  // A constant's value, without its `as const` or `satisfies` (the front pages' meta has both kinds).
  const resolve = (value: unknown): Node | null => {
    let node =
      isNode(value) && value.type === "Identifier" ? (constants.get(value.name as string) ?? null) : isNode(value) ? value : null;
    while (node && (node.type === "TSAsExpression" || node.type === "TSSatisfiesExpression")) node = node.expression as Node;
    return node;
  };
  const imported = (value: unknown) => {
    const load = resolve(value) as { type: string; body?: Node } | null;
    const body = load?.type === "ArrowFunctionExpression" ? load.body : null;
    const spec = body?.type === "ImportExpression" ? stringOf(body.source) : null;
    return spec ? path.resolve(path.dirname(file), spec).replace(/\.[jt]sx?$/, "") : null;
  };
  const props = (object: Node | null) =>
    new Map(
      ((object?.type === "ObjectExpression" ? object.properties : []) as Node[]).flatMap((p) =>
        p.type === "Property" && isNode(p.key) && p.key.type === "Identifier" ? [[p.key.name as string, p.value]] : [],
      ),
    );
  const routes: RoutePage[] = [];
  const widgets: string[] = [];
  const menu = new Set<string>();
  walk(ast, (node) => {
    if (node.type !== "ObjectExpression") return;
    const fields = props(node);
    // A menu item has a title and no path (a route's title names its page, not a menu entry).
    const title = fields.has("path") ? null : stringOf(fields.get("title"));
    if (title?.includes(":")) menu.add(title.split(":")[0]!);
    const widget = imported(fields.get("component"));
    if (widget) widgets.push(widget);
    const routePath = stringOf(fields.get("path"));
    const page = imported(fields.get("page"));
    if (!routePath || !page) return;
    const blank = stringOf(props(resolve(fields.get("meta"))).get("layout")) === "blank";
    routes.push({ path: routePath, page, blank });
  });
  return { routes, menuNamespaces: [...menu], widgets };
}

/** A pattern web/boot.js can match: literal segments and `:name` parameters (no wildcards, no optional ones). */
const plainPattern = (pattern: string) => /^(\/(:[A-Za-z]\w*|[\w.-]+))+$/.test(pattern);

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

/**
 * Finds among a build's chunks the default layout's files, the locale files and, for the routes of
 * `source`, each page's files.
 */
export function firstLoadFiles(chunks: BuiltChunk[], source: RouteSource = { routes: [], menuNamespaces: [] }): FirstLoadFiles {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [...withImports(byFile, c.fileName)]));
  const layout = chunks.find((c) => c.facadeModuleId?.endsWith("/src/layouts/DefaultLayout.tsx"));
  const pages = new Map(chunks.flatMap((c) => (c.facadeModuleId ? [[c.facadeModuleId.replace(/\.[jt]sx?$/, ""), c]] : [])));
  // The layout's chunk and its navbar's widgets (loaded as soon as it renders), with what they import.
  const widgetChunks = (source.widgets ?? []).flatMap((widget) => pages.get(widget)?.fileName ?? []);
  const layoutFiles = layout
    ? [...new Set([layout.fileName, ...widgetChunks].flatMap((f) => [...withImports(byFile, f)]))].filter((f) => !loaded.has(f))
    : [];
  const files: FirstLoadFiles = { layout: layoutFiles.map((f) => `/${f}`), languages: {}, menu: [], routes: [] };
  for (const { fileName, facadeModuleId } of chunks) {
    const file = /\/src\/(?:i18n\/(locales|bundles)|features\/(\w+)\/locales)\/(\w+)\.(?:json|ts)$/.exec(facadeModuleId ?? "");
    if (file) (files.languages[file[3]!] ??= {})[file[2] ?? (file[1] === "locales" ? "common" : "app")] = `/${fileName}`;
  }
  const ownFile = new Set(Object.values(files.languages).flatMap((language) => Object.keys(language)));
  files.menu = source.menuNamespaces.filter((ns) => ownFile.has(ns));
  const routes = source.routes.filter((route) => plainPattern(route.path) && pages.has(route.page));
  // Literal paths first: /payment/payment before /payment/:referenceId.
  routes.sort((a, b) => Number(a.path.includes(":")) - Number(b.path.includes(":")));
  for (const route of routes) {
    const skip = new Set([...loaded, ...(route.blank ? [] : layoutFiles)]);
    const own = [...withImports(byFile, pages.get(route.page)!.fileName)].filter((f) => !skip.has(f));
    const ns = /\/features\/(\w+)\//.exec(route.page)?.[1] ?? "common";
    files.routes.push({ path: route.path, files: own.map((f) => `/${f}`), ns, ...(route.blank ? { blank: true as const } : {}) });
  }
  return files;
}

/**
 * Names in index.html (`<meta name="first-load">`) the files a first paint needs beyond the entry,
 * so web/boot.js can preload them with the app instead of after it has started: the
 * reader's language files, and the default layout when someone is signed in.
 */
export function firstLoadPreload(): Plugin {
  // The features' route tables, read from their source as the build loads them.
  const tables = new Map<string, RouteSource>();
  return {
    name: "first-load-preload",
    apply: "build",
    enforce: "pre",
    transform: {
      filter: { id: /\/src\/features\/\w+\/index\.ts$/ },
      handler(code, id) {
        tables.set(id, routePages(code, id));
        return null;
      },
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((out) =>
          out.type === "chunk"
            ? [{ fileName: out.fileName, facadeModuleId: out.facadeModuleId, isEntry: out.isEntry, imports: out.imports }]
            : [],
        );
        const source: RouteSource = {
          routes: [...tables.values()].flatMap((table) => table.routes),
          widgets: [...tables.values()].flatMap((table) => table.widgets ?? []),
          menuNamespaces: [...new Set([...tables.values()].flatMap((table) => table.menuNamespaces))],
        };
        const content = JSON.stringify(firstLoadFiles(chunks, source));
        return [{ tag: "meta", attrs: { name: "first-load", content }, injectTo: "head-prepend" }];
      },
    },
  };
}
