/**
 * The import rules of docs/architecture.md ("What may import what"), checked by
 * `npm run check:imports` (dependency-cruiser, then scripts/check-imports.ts for the one
 * rule it cannot express: what the browser loads). Each layer imports only layers below it,
 * so no two folders can import each other; scripts/check-imports.ts also fails on a cycle
 * between any two folders, at every depth.
 *
 * The layers, lowest first:
 *   app/config/ (the site's settings, the environment's schema), app/lib/, app/paraglide/ (generated messages)
 *   app/contract/            the content contract: model, wire schemas, shared form rules
 *   app/site-rules/          the site's rules over the model: SEO, menus, listings, cache tags
 *   cms/                     the embedded CMS (speaks the contract; never the site)
 *   app/ui/                  primitives: React Aria wrappers, icons, image, islands
 *   app/sections/, app/forms/  section blocks and the form engine
 *   app/components/          the shell and the screens
 *   app/server/              the server's rooms (their own order below) and its settings (config.server.ts)
 *   app/content-requests.ts, app/routes/, app/router.tsx, app/server.ts
 */

/** A rule that forbids a layer from importing the folders above it. */
const above = (name, from, to, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: '\\.test\\.tsx?$' },
  to: { path: to },
})

const SITE = '^app/(server|components|routes|sections|forms|ui|site-rules|content-requests|router|server)(/|\\.tsx?$)'
/**
 * One file's path as a regular expression, written as the path itself, so that
 * tests/unit/doc-references.test.ts reads it as the file it names.
 */
const file = (path) => `^${path.replaceAll('.', '\\.')}$`

/** Server functions: RPC stubs in the browser, what every layer from sections up may call. */
const FUNCTIONS = '[a-z-]+/[^/]+\\.functions\\.ts$'

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles among files (dynamic imports included: they still tie two modules together).',
      severity: 'error',
      from: { path: '^(app|cms)/', pathNot: '\\.test\\.tsx?$' },
      // A type-only import is erased at build time and ties no module to another at run time.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every relative import resolves to a file, so the graph is never silently partial.',
      severity: 'error',
      from: { path: '^(app|cms|scripts|tests)/' },
      // `?base64`, `?url`: Vite's own import queries (scripts/vite-base64-plugin.ts).
      to: { couldNotResolve: true, pathNot: '^app/paraglide|(^|/)routeTree[.]gen$|\\.wasm' },
    },
    above(
      'lib-is-the-floor',
      '^app/lib/',
      `${SITE}|^app/contract/|^cms/`,
      'app/lib/ holds small pure helpers; it imports only app/config/, app/paraglide/ and packages.',
    ),
    above(
      'contract-imports-only-lib',
      '^app/contract/',
      `${SITE}|^cms/`,
      'The contract imports only app/contract/, app/lib/, app/config/, app/paraglide/ and packages; never the site nor the CMS.',
    ),
    above(
      'cms-speaks-only-the-contract',
      '^cms/',
      SITE,
      'The embedded CMS imports only cms/, app/contract/, app/lib/, app/config/ and packages.',
    ),
    above(
      'config-imports-nothing-of-the-site',
      '^app/config/',
      '^(app/(?!config/)|cms/)',
      "app/config/ (the site's settings, the environment's schema) is the floor of every layer.",
    ),
    {
      name: 'site-config-imports-nothing',
      comment: 'app/config/site.ts is plain data the browser loads whole on the first load: no package (zod), no other file.',
      severity: 'error',
      from: { path: file('app/config/site.ts') },
      to: {},
    },
    {
      name: 'env-schema-is-not-the-browsers',
      comment:
        "The environment's schema brings zod: the layers the browser loads import its types at most. The server reads the parsed environment from app/server/env.server.ts.",
      severity: 'error',
      from: {
        path: '^app/(lib|contract|site-rules|ui|sections|forms|components|routes)/|^app/(router|content-requests)\\.tsx?$',
        pathNot: '\\.test\\.tsx?$',
      },
      to: { path: file('app/config/env.ts'), dependencyTypesNot: ['type-only'] },
    },
    above(
      'server-config-is-the-servers',
      '^(?!app/server/)',
      file('app/server/config.server.ts'),
      "The server's settings are imported by app/server/ alone (the CMS has its own, cms/config.ts).",
    ),
    above(
      'cms-config-is-the-cms',
      '^(?!cms/|app/server/)',
      file('cms/config.ts'),
      "The embedded CMS's settings are imported by cms/ and its caller in app/server/ alone.",
    ),
    above(
      'site-rules-above-the-contract',
      '^app/site-rules/',
      `${SITE.replace('site-rules|', '')}|^cms/`,
      "The site's rules over the model import the contract, app/lib/ and packages.",
    ),
    above(
      'ui-below-sections-and-forms',
      '^app/ui/',
      '^app/(server|components|routes|sections|forms|content-requests|router)(/|\\.tsx?$)|^app/server\\.ts$|^cms/',
      'UI primitives sit below sections and forms.',
    ),
    above(
      'sections-and-forms-below-screens',
      '^app/(sections|forms)/',
      `^app/(?!server/[a-z-]+/[^/]+\\.functions\\.ts$)(server|components|routes|content-requests|router)(/|\\.tsx?$)|^app/server\\.ts$|^cms/`,
      'Section blocks and the form engine sit below the shell and the screens; they reach the server only through the content requests and data handed down.',
    ),
    above(
      'forms-and-sections-side-by-side',
      '^app/forms/',
      '^app/sections/',
      'A section may render a form; the form engine knows nothing of sections.',
    ),
    above(
      'components-below-routes',
      '^app/components/',
      `^app/(routes|router)(/|\\.tsx?$)|^app/server\\.ts$|^app/server/(?!${FUNCTIONS})|^cms/`,
      'The shell and the screens reach the server only through server functions (RPC stubs in the browser).',
    ),
    above(
      'server-below-routes',
      '^app/server/',
      '^app/(routes|router)(/|\\.tsx?$)|^app/server\\.ts$',
      'The server rooms never import the routes or the entry.',
    ),
    // The server's rooms, lowest first: db, http (the door), content, enquiries, render, page-cache.
    above(
      'http-is-the-door',
      '^app/server/http/',
      '^app/server/(content|enquiries|render|page-cache)/',
      "The door's helpers import no other room but the site database (the shared rate limits).",
    ),
    above(
      'db-below-rooms',
      '^app/server/db/',
      '^app/server/(http|content|enquiries|render|page-cache)/',
      'The site database knows no room.',
    ),
    above(
      'content-below-enquiries',
      '^app/server/content/',
      '^app/server/(enquiries|render|page-cache)/',
      'Content reads; it neither renders nor purges.',
    ),
    above('enquiries-below-pages', '^app/server/enquiries/', '^app/server/(render|page-cache)/', 'Enquiries never render or purge pages.'),
    above(
      'render-below-page-cache',
      '^app/server/render/',
      '^app/server/page-cache/',
      'The renderer does not know the page cache in front of it.',
    ),
    above(
      'platform-is-a-leaf',
      '^app/server/platform/',
      '^app/server/(?!platform/|env\\.server|config\\.server)',
      "The platform adapters (Netlify, Vercel) know only the environment and the server's settings.",
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^app/(paraglide|routeTree[.]gen[.]ts)|^(node_modules|\\.output|\\.cache|\\.netlify|\\.vercel)' },
    // TypeScript 7 has no compiler API yet (dependency-cruiser needs one below 7): swc parses the sources.
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
