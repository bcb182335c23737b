// Layers, checked by `npm run lint` (dependency-cruiser). docs/architecture.md explains the order: a folder may import
// its own folder and the folders before it in its list, never those after it. `knownUpward` lists the arrows that
// still point up (issue 25): none may be added, and each one removed is taken off the list.

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
  'components/(panes|media)',
  'components/viewer',
  'components/compare',
  'components/(home|library|share)',
];

/** Tests exercise the engine end to end: a test (and `lib/trace/testing`) may load through any layer. */
const testsAnywhere = ['\\.test\\.tsx?$', '^lib/trace/testing/'];

/** Imports that still point upward, each from one module to the modules named. */
const knownUpward = [
  // The share dialog sits beside the shared-trace page, which hosts a whole workbench.
  { from: '^components/viewer/Workbench\\.tsx$', to: '^components/share/ShareButton\\.tsx$' },
];

function layerRules(layers, scope) {
  return layers.slice(0, -1).map((layer, i) => {
    const above = `^(${layers.slice(i + 1).join('|')})/`;
    const inLayer = knownUpward.filter(
      (k) => new RegExp(`^\\^${layer}/`).test(k.from) || k.from.startsWith(`^${layer}/`),
    );
    return [
      {
        name: `${scope}-layers`,
        comment: `${layer} may not import ${layers.slice(i + 1).join(', ')}`,
        severity: 'error',
        from: { path: `^${layer}/`, pathNot: [...testsAnywhere, ...inLayer.map((k) => k.from)] },
        to: { path: above },
      },
      ...inLayer.map((k) => ({
        name: `${scope}-layers`,
        comment: `${layer} may not import ${layers.slice(i + 1).join(', ')} (beyond its known upward import)`,
        severity: 'error',
        from: { path: k.from },
        to: { path: above, pathNot: k.to },
      })),
    ];
  });
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
    ...layerRules(libLayers, 'lib').flat(),
    ...layerRules(componentLayers, 'components').flat(),
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
