// Layers, checked by `npm run lint` (dependency-cruiser). docs/architecture.md explains the order: a folder may import
// its own folder and the folders before it in its list, never those after it. No exception: the last upward arrows
// (issue 25) were removed, and none may be added.

/** Lowest first. */
const libLayers = [
  'lib/trace',
  'lib/share',
  'lib/view',
  'lib/compare',
  'lib/engine',
  'lib/fast',
  'lib/(cli|server|browser)',
];
const componentLayers = [
  'components/(ui|events)',
  'components/intake',
  'components/data',
  'components/(panes|media|share)',
  'components/viewer',
  'components/compare',
  'components/(home|library|shared)',
];

/** Tests exercise the engine end to end: a test (and `lib/trace/testing`) may load through any layer. */
const testsAnywhere = ['\\.test\\.tsx?$', '^lib/trace/testing/'];

function layerRules(layers, scope) {
  return layers.slice(0, -1).map((layer, i) => ({
    name: `${scope}-layers`,
    comment: `${layer} may not import ${layers.slice(i + 1).join(', ')}`,
    severity: 'error',
    from: { path: `^${layer}/`, pathNot: testsAnywhere },
    to: { path: `^(${layers.slice(i + 1).join('|')})/` },
  }));
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import cycles at file level',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules(libLayers, 'lib'),
    ...layerRules(componentLayers, 'components'),
    { name: 'lib-is-not-ui', severity: 'error', from: { path: '^lib/' }, to: { path: '^(components|app)/' } },
    { name: 'components-not-app', severity: 'error', from: { path: '^components/' }, to: { path: '^app/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.next|dist|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
