import js from "@eslint/js";
import { readdirSync } from "node:fs";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const FEATURES = readdirSync(new URL("./web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ["dist/", "**/.wrangler/", "node_modules/", "worker/worker-configuration.d.ts", "web/public/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "no-console": ["error", { allow: ["error", "warn", "log"] }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}", "tests/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  // A feature never imports another feature (bulletproof-react): shared code lives in app/, components/, lib/.
  ...FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: FEATURES.filter((other) => other !== feature).map((other) => `**/features/${other}/**`),
              message: "Features do not import each other; move shared code to web/src/components or web/src/lib.",
            },
          ],
        },
      ],
    },
  })),
  // The web app imports nothing from the Worker but types of its contract (worker/src/contract).
  {
    files: ["web/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)worker/(?!src/contract(/|$))",
              message: "The web app may import only types of the Worker's contract (worker/src/contract).",
            },
            {
              regex: "(^|/)worker/src/contract(/|$)",
              allowTypeImports: true,
              message: "Only type imports from the contract: its code must not enter the web bundle.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["worker/**/*.ts", "tests/worker/**/*.ts"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: [
      "scripts/**/*.ts",
      "tests/e2e/**/*.ts",
      "tests/bench/**/*.ts",
      "tests/support/**/*.ts",
      "tests/tools/**/*.ts",
      "*.config.{ts,js}",
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["tests/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
