/** The one Node API the web tests use (theme-contrast reads the stylesheet); the web tsconfig has no Node types. */
declare module "node:fs" {
  export function readFileSync(path: string, encoding: "utf8"): string;
}
