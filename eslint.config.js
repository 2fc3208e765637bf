import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";

/** app/edge is server.ts's alone. */
const EDGE_ONLY = {
  group: ["~/edge/*", "**/edge/*"],
  message: "app/edge is server.ts's: what a route or service needs from it belongs elsewhere (app/edge/README.md).",
};
/** app/auth is used through its public face. */
const AUTH_FACE = {
  group: ["~/auth/*", "**/auth/*", "!~/auth/index.server", "!**/auth/index.server"],
  message: "Use app/auth's public face, ~/auth/index.server (app/auth/README.md).",
};

/** A request's body is read in one place, within its limits (app/http/request-body.server.ts: readForm, readJson, readText). */
const BODY_READ = [
  ...["formData", "json", "text", "arrayBuffer", "blob"].map((method) => ({
    selector: `CallExpression[callee.property.name='${method}'][callee.object.name='request'], CallExpression[callee.property.name='${method}'][callee.object.property.name='request']`,
    message: "Read a request's body through app/http/request-body.server.ts (readForm, readJson, readText): it keeps the limits.",
  })),
];

export default tseslint.config(
  { ignores: ["build/", ".cache/", ".wrangler/", "node_modules/", "test-results/", "playwright-report/", "migrations/meta/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      // Type-aware rules: the compiler's types decide, e.g., whether a call returns a promise.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits or handles fails silently; one passed where nothing awaits it too.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
  {
    files: ["**/*.{js,mjs}", "scripts/**", "bench/**", "db/seed.ts", "tests/**"],
    languageOptions: { globals: { ...globals.node } },
    rules: { "no-console": "off" },
  },
  {
    // Scripts the browser tests serve to the page in place of third-party ones.
    files: ["tests/e2e/support/*.js"],
    languageOptions: { globals: { ...globals.browser } },
    rules: { "@typescript-eslint/no-this-alias": "off" },
  },
  // The layers (each folder's README): what the browser's code and the shared helpers may not
  // reach, and app/edge only from server.ts. Types alone may cross: they are erased.
  {
    files: ["app/lib/**", "app/components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/edge/*", "~/http/*", "~/auth/*", "~/domain/*", "~/platform/*", "**/edge/*", "**/http/*", "**/auth/*", "**/domain/*", "**/platform/*"],
              allowTypeImports: true,
              message: "app/lib and app/components run in the browser too: they may use the server's types, never its code.",
            },
          ],
        },
      ],
    },
  },
  {
    // app/auth has one public face.
    files: ["app/routes/**", "app/http/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [EDGE_ONLY, AUTH_FACE],
        },
      ],
    },
  },
  {
    files: ["app/edge/**", "server.ts", "load-context.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [AUTH_FACE],
        },
      ],
    },
  },
  {
    // Auth sits under the adapters: it never reads a request's body nor writes an answer.
    files: ["app/auth/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/edge/*", "**/edge/*", "~/routes/*", "**/routes/*", "~/http/*", "**/http/*"],
              message: "app/auth is used by routes and adapters, never the other way; it takes what they read (app/auth/README.md).",
            },
          ],
        },
      ],
    },
  },
  {
    // The domain says what happens and why not (a `Refusal`); HTTP is the adapters' business.
    files: ["app/domain/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["@remix-run/cloudflare", "@remix-run/node", "@remix-run/server-runtime", "@remix-run/react"].map((name) => ({
            name,
            importNames: ["redirect", "redirectDocument", "replace", "json", "data", "defer"],
            message: "The domain returns data or throws a Refusal (app/domain/refusal.ts); the adapters in app/http make answers.",
          })),
          patterns: [
            {
              group: ["~/http/*", "**/http/*", "~/auth/*", "**/auth/*", "~/edge/*", "**/edge/*", "~/routes/*", "**/routes/*"],
              message: "app/domain imports only db, app/lib, app/platform and itself (app/domain/README.md).",
            },
            {
              group: ["@remix-run/*"],
              message: "The domain knows nothing of Remix, its types included: a service takes a ServiceContext (app/domain/context.ts) or what it needs.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        ...BODY_READ,
        {
          selector: "MemberExpression[object.name='Response'][property.name=/^(json|redirect|error)$/]",
          message: "The domain does not answer requests: return data or throw a Refusal (app/domain/refusal.ts).",
        },
      ],
    },
  },
  {
    // Routes parse, call and render: a refusal reaches them as a value (`settle`) or through an adapter, never by class.
    files: ["app/routes/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...BODY_READ,
        {
          selector: "BinaryExpression[operator='instanceof'][right.name=/(Error|Failure|Refusal|Refused)$/]",
          message: "Routes do not catch refusals by class: use `settle`, `orPage` or `apiRoute` (app/http).",
        },
        // A guard's answer has one shape: `throw notFound("…")` and its kin (app/http/answers.server.ts).
        ...["NewExpression[callee.name='Response']", "CallExpression[callee.object.name='Response'][callee.property.name='json']"].map((call) => ({
          selector: `${call} > ObjectExpression > Property[key.name='status'] > Literal[value>=400][value<500]`,
          message: "Routes do not build a 4xx Response: throw notFound(), forbidden(), unauthorized() or badRequest() (app/http/answers.server.ts).",
        })),
      ],
    },
  },
  {
    files: ["app/http/**", "app/auth/**"],
    ignores: ["app/http/request-body.server.ts"],
    rules: { "no-restricted-syntax": ["error", ...BODY_READ] },
  },
  {
    // No module imports itself back through others: each folder's modules form layers, not loops.
    // (Type-only imports are erased and do not count.) It costs the lint about 10 s of its 65 s (ADR 032).
    files: ["app/**/*.{ts,tsx}", "server.ts", "load-context.ts", "db/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // Formatting is Prettier's (`npm run format`); lint rules that would argue with it are off.
  prettier,
);
