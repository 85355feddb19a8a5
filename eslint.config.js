import js from "@eslint/js";
import { readdirSync } from "node:fs";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const FEATURES = readdirSync(new URL("./web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The web app's shell (with its layouts), which imports every feature (app/registry.ts), and the shared code below the features. */
const WEB_SHELL = ["app"];
const WEB_SHARED = ["components", "hooks", "lib", "providers", "i18n"];

/**
 * The Worker's layers (docs/decisions/0006-worker-layers.md): a folder of worker/src imports only the folders
 * listed for it, and `contract/` (the calls' declarations), which itself imports nothing but zod. `errors/`
 * (the error vocabulary) and `messages/` (the texts by key) are the floor, using each other only. The entry
 * points (worker/src/index.ts, cron.ts) wire everything together and may import anything.
 */
const WORKER_LAYERS = {
  errors: ["messages"],
  messages: ["errors"],
  db: ["errors", "messages"],
  auth: ["db", "errors", "messages"],
  domain: ["auth", "db", "errors", "messages"],
  http: ["auth", "db", "errors", "messages"],
  routes: ["domain", "auth", "db", "errors", "messages", "http"],
};
const WORKER_FOLDERS = [...Object.keys(WORKER_LAYERS), "contract"];

/** An import that climbs out of the importing folder into one of `folders`: "../db", "../../auth/session". */
const importOf = (folders) => `^(\\.\\./)+(${folders.join("|")})(/|$)`;

/** Shared code (web/src/components, lib, …) sits below the features and the shell. */
const SHARED_CODE_STAYS_DOWN = {
  regex: importOf([...WEB_SHELL, "features"]),
  message: `Shared code (${WEB_SHARED.map((f) => `web/src/${f}/`).join(", ")}) imports neither the shell nor a feature.`,
};

const workerLayerRules = [
  ...Object.entries(WORKER_LAYERS).map(([layer, allowed]) => {
    const forbidden = WORKER_FOLDERS.filter((folder) => folder !== layer && folder !== "contract" && !allowed.includes(folder));
    const may = [...allowed, "contract"].map((folder) => `${folder}/`).join(", ");
    const patterns = [
      {
        regex: importOf(forbidden),
        message: `worker/src/${layer}/ may import only ${may} (docs/decisions/0006-worker-layers.md).`,
      },
    ];
    if (layer === "routes") {
      patterns.push({
        regex: "^(\\./|(\\.\\./)+routes/)",
        message: "A route file imports no other route file: move shared code down to domain/, http/ or db/.",
      });
    }
    return {
      files: [`worker/src/${layer}/**/*.ts`],
      // The route table (routes/index.ts) is the one file that imports every route file.
      ignores: layer === "routes" ? ["worker/src/routes/index.ts"] : [],
      rules: { "no-restricted-imports": ["error", { patterns }] },
    };
  }),
  // One way to write an audit row: domain/audit.ts `audit()`.
  {
    files: ["worker/src/**/*.ts"],
    ignores: ["worker/src/domain/audit.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='insertInto'][arguments.0.value='audit_log']",
          message: "Audit rows are written by audit() of worker/src/domain/audit.ts only.",
        },
        {
          selector:
            ":matches(Literal[value=/INSERT\\s+INTO\\s+audit_log/i], TemplateElement[value.raw=/INSERT\\s+INTO\\s+audit_log/i])",
          message: "Audit rows are written by audit() of worker/src/domain/audit.ts only.",
        },
        {
          // esbuild (wrangler) cannot shake zod's `z` export: it keeps every one of zod's ~40 locales, about
          // 65 kB gzipped of the Worker bundle. The namespace import keeps only what is used.
          selector: "ImportDeclaration[source.value='zod'][importKind='value'] > ImportSpecifier[imported.name='z']",
          message:
            'Import zod as `import * as z from "zod"`: `{ z }` bundles all of its locales (docs/decisions/0002-budgets.md).',
        },
      ],
    },
  },
  {
    files: ["worker/src/contract/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: importOf(Object.keys(WORKER_LAYERS)),
              message: "worker/src/contract/ imports nothing but zod and itself (docs/decisions/0006-worker-layers.md).",
            },
            {
              regex: "^(?!zod(/|$))[^.]",
              message: "worker/src/contract/ imports nothing but zod and itself (docs/decisions/0006-worker-layers.md).",
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "**/.wrangler/",
      "node_modules/",
      "worker/worker-configuration.d.ts",
      "pdf/worker-configuration.d.ts",
      "coverage/",
      "**/*.gen.ts",
    ],
  },
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
    // The boot script runs inline before any module, in every browser the app greets with its first paint.
    files: ["web/boot.js"],
    languageOptions: { globals: globals.browser, sourceType: "script", ecmaVersion: 5 },
    // ES5 has no catch without a binding.
    rules: { "@typescript-eslint/no-unused-vars": ["error", { caughtErrors: "none" }] },
  },
  {
    // The boot script's worker (web/public is served as it is).
    files: ["web/public/intl-warm.js"],
    languageOptions: { globals: globals.worker, sourceType: "script", ecmaVersion: 5 },
  },
  {
    files: ["web/**/*.{ts,tsx}", "tests/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  // Imports run one way: app/ (the shell, with its layouts) → features/ → shared code (components/, hooks/, lib/,
  // providers/, i18n/). A feature never imports another feature (bulletproof-react) nor the shell, which imports every feature.
  ...FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // "../../roles" from inside features/users/ as well as "../../../features/roles".
              regex: importOf([...FEATURES.filter((other) => other !== feature), "features"]),
              message: "Features do not import each other; move shared code to web/src/components or web/src/lib.",
            },
            {
              regex: importOf(WEB_SHELL),
              message: `Features do not import the shell (${WEB_SHELL.map((f) => `web/src/${f}/`).join(", ")}); what features share lives in web/src/providers, web/src/lib or web/src/components.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: WEB_SHARED.map((folder) => `web/src/${folder}/**/*.{ts,tsx}`),
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [SHARED_CODE_STAYS_DOWN],
        },
      ],
    },
  },
  // lib/ is the bottom of the shared code: UI (components/, and the hooks/ beside them) builds on it, never the reverse.
  {
    files: ["web/src/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            SHARED_CODE_STAYS_DOWN,
            {
              regex: importOf(["components", "hooks"]),
              message: "web/src/lib/ imports neither components/ nor hooks/: move what both need down into lib/.",
            },
          ],
        },
      ],
    },
  },
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
  ...workerLayerRules,
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
