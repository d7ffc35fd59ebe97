import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import checkFile from "eslint-plugin-check-file";

/**
 * One-way imports of DESIGN.md: domain ← api-client/store/server ← ui/shared ← features ← app.
 * Each layer lists what it may not import; features may not reach into each other.
 * src/shared holds the pieces every page needs that are not a capability (SEO metadata and
 * JSON-LD, page state and preview): any feature may import it, it imports no feature.
 */
const LAYERS = {
  "src/domain": ["@/api-client", "@/store", "@/server", "@/features", "@/shared", "@/ui", "@/i18n", "react", "react-dom", "next", "next-intl", "hono", "drizzle-orm"],
  "src/config": ["@/api-client", "@/store", "@/server", "@/features", "@/shared", "@/ui", "@/i18n"],
  "src/api-client": ["@/store", "@/server", "@/features", "@/shared", "@/ui"],
  "src/store": ["@/server", "@/features", "@/shared", "@/ui"],
  "src/server": ["@/api-client", "@/store", "@/features", "@/shared", "@/ui", "react", "react-dom"],
  "src/ui": ["@/api-client", "@/store", "@/server", "@/features", "@/shared"],
  "src/shared": ["@/api-client", "@/store", "@/features"],
  "src/i18n": ["@/api-client", "@/store", "@/server", "@/features", "@/shared", "@/ui"],
};

const layerOf = (filename) => Object.keys(LAYERS).find((layer) => filename.includes(`/${layer}/`));

const architecture = {
  rules: {
    "one-way-imports": {
      meta: { type: "problem", schema: [], messages: { layer: "{{layer}} may not import {{source}} (DESIGN.md: one-way imports).", feature: "Feature '{{from}}' may not import feature '{{to}}': move the shared piece down to src/ui or src/domain.", server: "Client code may not import the server half ({{source}})." } },
      create(context) {
        const filename = context.filename.replaceAll("\\", "/");
        const layer = layerOf(filename);
        const feature = /\/src\/features\/([^/]+)\//.exec(filename)?.[1];
        const isClient = () => context.sourceCode.ast.body.some((n) => n.type === "ExpressionStatement" && n.directive === "use client");
        return {
          ImportDeclaration(node) {
            const source = String(node.source.value);
            if (layer) {
              const banned = LAYERS[layer].find((prefix) => source === prefix || source.startsWith(`${prefix}/`));
              if (banned) context.report({ node, messageId: "layer", data: { layer, source } });
            }
            const target = /^@\/features\/([^/]+)\//.exec(source)?.[1];
            if (feature && target && target !== feature) context.report({ node, messageId: "feature", data: { from: feature, to: target } });
            if (source.startsWith("@/server") && isClient()) context.report({ node, messageId: "server", data: { source } });
          },
        };
      },
    },
  },
};

const config = [
  { ignores: [".next/**", "node_modules/**", "data/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "src/server/db/migrations/**"] },
  ...nextVitals,
  ...nextTs,
  {
    plugins: { architecture, "check-file": checkFile },
    rules: {
      "architecture/one-way-imports": "error",
      "check-file/filename-naming-convention": ["error", { "**/*.{ts,tsx,mjs,js}": "KEBAB_CASE" }, { ignoreMiddleExtensions: true }],
      "check-file/folder-naming-convention": ["error", { "{src,tests,e2e,scripts,bench}/**/": "KEBAB_CASE" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Next.js route folders use brackets and parentheses by convention.
    files: ["app/**"],
    rules: { "check-file/folder-naming-convention": "off" },
  },
];

export default config;
