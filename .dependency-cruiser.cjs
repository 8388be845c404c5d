/**
 * The import graph of the production code (`npm run check` runs `depcruise` with this file): no module may reach
 * itself through its imports, type-only imports included. A circle makes the load order decide which side sees the
 * other's values as undefined, and it ties two files so that neither can be understood or moved alone. The layer
 * and feature boundaries are the ESLint rule's (eslint/boundaries.js, docs/decisions/0031); this check sees the
 * whole graph, which a per-file lint rule cannot (docs/decisions/0045).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module reaches itself through its imports. Move what both sides need into a third module.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^server/test/', '^web/test/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
    cache: false,
  },
};
