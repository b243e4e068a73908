import path from 'node:path';

/**
 * Imports run one way (ARCHITECTURE.md section 2): `app/` → `lib/` → `contract/`; `upstream/` → `contract/`.
 * The Platform API never imports the portal, the portal never imports the Platform API, `lib/` never imports `app/`,
 * and `contract/` imports nothing but zod and itself. `runtime/` (Node helpers both servers share) imports neither side.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

/** The top-level folder of a repository path, or null for a package. */
function layerOfTarget(spec, fromFile) {
  let target;
  if (spec.startsWith('.')) target = path.relative(ROOT, path.resolve(path.dirname(fromFile), spec));
  else if (spec.startsWith('@/')) target = spec.slice(2);
  else if (spec.startsWith('@contract/') || spec === '@contract') target = `contract/${spec.slice('@contract/'.length)}`;
  else return { package: spec };
  return { folder: target.split(path.sep).join('/').split('/')[0] };
}

const RULES = {
  upstream: { forbid: ['lib', 'app', 'proxy.ts', 'messages'], why: 'the Platform API never imports the portal (use contract/)' },
  lib: { forbid: ['app', 'upstream'], why: 'lib/ never imports app/ or the Platform API' },
  app: { forbid: ['upstream'], why: 'the portal never imports the Platform API' },
  runtime: { forbid: ['lib', 'app', 'upstream', 'contract'], why: 'runtime/ imports neither side' },
  contract: { only: ['contract'], packages: ['zod'], why: 'contract/ imports only zod and itself' },
  /** Tests of the contract may use the test runner and Node, never either side. */
  'contract-test': { forbid: ['lib', 'app', 'upstream', 'runtime'], why: 'contract/ imports neither side' },
};

function layerOfFile(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (rel === 'proxy.ts') return 'lib';
  const top = rel.split('/')[0];
  if (top === 'contract' && /\.test\.tsx?$/.test(rel)) return 'contract-test';
  return Object.hasOwn(RULES, top) ? top : null;
}

const importDirection = {
  meta: { type: 'problem', schema: [], messages: { wrongWay: "'{{spec}}' imports the wrong way: {{why}}." } },
  create(context) {
    const layer = layerOfFile(context.filename);
    if (!layer) return {};
    const rule = RULES[layer];
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      const target = layerOfTarget(spec, context.filename);
      let bad = false;
      if (rule.only) {
        bad =
          target.package !== undefined
            ? !rule.packages.some((p) => target.package === p || target.package.startsWith(`${p}/`))
            : !rule.only.includes(target.folder);
      } else if (target.folder !== undefined) {
        bad = rule.forbid.includes(target.folder);
      }
      if (bad) context.report({ node, messageId: 'wrongWay', data: { spec, why: rule.why } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

const plugin = { rules: { 'import-direction': importDirection } };
export default plugin;
