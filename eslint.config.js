import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      "drizzle/",
      "node_modules/",
      ".react-router/",
      "test-results/",
      "playwright-report/",
      ".tmp/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"],
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Schemas are built after Zod is set up for the browser's CSP (app/modules/platform/zod-config.ts).
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/modules/platform/zod.ts",
      "app/modules/platform/zod-mini.ts",
      "**/*.test.{ts,tsx}",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["zod", "zod/mini", "zod/v4", "zod/v4-mini"].map((name) => ({
            name,
            message: "Import z from ~/modules/platform/zod (or zod-mini), which sets Zod up first.",
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
);
