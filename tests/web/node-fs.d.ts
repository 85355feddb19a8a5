/** The Node APIs the web tests use (theme-contrast reads the stylesheet, error-catalog the Worker's sources); the web tsconfig has no Node types. */
declare module "node:fs" {
  export function readFileSync(path: string, encoding: "utf8"): string;
  export function readdirSync(path: string, options: { recursive: true }): string[];
}
