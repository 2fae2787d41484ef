/**
 * The import rules `npm test` checks (`npm run lint:deps`, docs/architecture.md "Back-office modules"). A broken
 * rule fails the run with its name and the offending import.
 */
const modules = '^backoffice/src/modules';

export default {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      severity: 'error',
      comment:
        'Two files import each other at run time (directly or through others): loading one half-loads the other. ' +
        'Move what both need into a third file. Type-only imports are erased and do not count.',
      from: {},
      // Foreign keys between two modules' tables files are exempt: Drizzle's `references(() => table.id)` is read
      // lazily, so such a pair of files cannot half-load each other.
      to: {
        circular: true,
        viaOnly: { dependencyTypesNot: ['type-only'] },
        via: { pathNot: `${modules}/[^/]+/tables\\.ts$` },
      },
    },
    {
      name: 'module-public-surface',
      severity: 'error',
      comment:
        'Another back-office module is used only through its index.ts (its service functions and types), never ' +
        'its internal files: each module is the only writer of its tables and answers for its own rules.',
      from: { path: `${modules}/([^/]+)/`, pathNot: `${modules}/[^/]+/tables\\.ts$` },
      to: { path: `${modules}/`, pathNot: [`${modules}/$1/`, `${modules}/[^/]+/index\\.ts$`] },
    },
    {
      name: 'table-definitions-only',
      severity: 'error',
      comment:
        "A module's tables.ts may reference another module's tables (foreign keys) and nothing else of it.",
      from: { path: `${modules}/([^/]+)/tables\\.ts$` },
      to: {
        path: `${modules}/`,
        pathNot: [`${modules}/$1/`, `${modules}/[^/]+/(tables|index)\\.ts$`],
      },
    },
    {
      name: 'flows-use-module-surfaces',
      severity: 'error',
      comment: 'A flow strings module functions together: it imports each module through its index.ts only.',
      from: { path: '^backoffice/src/flows/' },
      to: { path: `${modules}/[^/]+/`, pathNot: `${modules}/[^/]+/index\\.ts$` },
    },
    {
      name: 'modules-never-import-flows',
      severity: 'error',
      comment:
        "Flows sit above modules: only a route handler (routes.ts, or a module's further *-routes.ts) calls one. Any other module file that needs a flow is " +
        'asking for one of its steps to move.',
      from: { path: `${modules}/`, pathNot: `${modules}/[^/]+/[a-z-]*routes\\.ts$` },
      to: { path: '^backoffice/src/(flows|jobs)/' },
    },
    {
      name: 'database-client-loads-no-module',
      severity: 'error',
      comment:
        'Opening the database loads the driver, the schema and the migrations only: the data migrations and the ' +
        'seed are handed in by the entry points, and no module (nor the HTML sanitiser) is loaded with it.',
      from: { path: '^backoffice/src/db/' },
      to: {
        path: ['^backoffice/src/(modules|seed|flows|jobs|data-migrations)/', '^backoffice/src/lib/sanitize'],
        pathNot: `${modules}/[^/]+/tables\\.ts$`,
      },
    },
    {
      name: 'lib-below-modules',
      severity: 'error',
      comment: 'backoffice/src/lib is the kit every module uses; it never imports a module, flow or job.',
      from: { path: '^backoffice/src/lib/' },
      to: { path: '^backoffice/src/(modules|flows|jobs|seed)/' },
    },
    {
      name: 'storefront-source-not-tooling',
      severity: 'error',
      comment: "The storefront's source (src/) never imports its tooling folder (scripts/).",
      from: { path: '^src/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'console-talks-to-the-api-only',
      severity: 'error',
      comment:
        'The staff console (backoffice/console) runs in the browser: it reaches the back-office through the API ' +
        '(typed from its OpenAPI document), never by importing its code, and shares rules only through ' +
        'packages/shop-rules.',
      from: { path: '^backoffice/console/' },
      to: { path: '^(backoffice/(src|tests)|src|scripts)/' },
    },
    {
      name: 'backoffice-never-imports-storefront',
      severity: 'error',
      comment: 'The back-office and the storefront share rules only through packages/shop-rules.',
      from: { path: '^backoffice/' },
      to: { path: '^(src|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '^dist/', '^\\.astro/', '(^|/)data/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
