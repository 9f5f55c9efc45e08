import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layer boundaries (design.md): src never imports a plugin; client code never imports server/;
// a plugin never imports another plugin's internals; src/contracts stays free of React and the network.
const noPluginsFromSrc = {
  group: ['**/plugins/**', '../plugins/*', '../../plugins/*'],
  message: 'src/ must not import a plugin: plugins are handed to the registry by the composition root.',
};
const noServerFromClient = {
  group: ['**/server/**', '../server/*', '../../server/*'],
  message: 'client code never imports server/.',
};
// Inside React, messages, confirms and notifications come from App.useApp(): themed (dark mode, primary
// colour) and one way of doing it. Only code outside React (the http presenter, main.tsx) uses the static API.
const noStaticFeedback = {
  name: 'antd',
  importNames: ['message', 'notification'],
  message: "use App.useApp() (const { message, notification } = App.useApp()) instead of antd's static API.",
};
const noFetch = {
  selector: "CallExpression[callee.name='fetch']",
  message: 'Only src/providers/http talks to the network.',
};
const noStaticModal = {
  selector: "MemberExpression[object.name='Modal'][property.name=/^(confirm|info|success|error|warning)$/]",
  message: "use App.useApp() (const { modal } = App.useApp(); modal.confirm(...)) instead of antd's static Modal methods.",
};

// A plugin never imports another plugin's insides (design.md): what two plugins share goes through
// src/contracts. A path pattern cannot say "another plugin" (the same '../../x' is inside or outside
// depending on depth), so this rule resolves each relative specifier and compares plugin folders.
const PLUGINS_ROOT = path.join(import.meta.dirname, 'plugins');
const SERVER_ROOT = path.join(import.meta.dirname, 'server');
/** The plugin folder a file lies in (plugins/<name>/…), or undefined outside one (plugins/index.ts, src/…). */
function pluginFolderOf(file) {
  const relative = path.relative(PLUGINS_ROOT, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}
const pluginBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      foreignPlugin: "plugins/{{from}} must not import plugins/{{to}}'s insides: share what both need through src/contracts.",
      coreOutsideKit: 'a plugin takes the core server from server/kit.ts (and the services plugins offer each other from server/contracts), never from {{to}}.',
    },
  },
  create(context) {
    const from = pluginFolderOf(context.filename);
    if (from === undefined) return {};
    // A plugin's tests drive the server as the suite in tests/ does; its own code reaches the core only through the kit.
    const isTest = path.relative(PLUGINS_ROOT, context.filename).split(path.sep)[1] === 'tests';
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), specifier);
      const to = pluginFolderOf(target);
      if (to !== undefined && to !== from) context.report({ node, messageId: 'foreignPlugin', data: { from, to } });
      const core = path.relative(SERVER_ROOT, target);
      const inCore = !core.startsWith('..') && !path.isAbsolute(core);
      if (inCore && !isTest && core !== 'kit' && core !== 'kit.ts' && !core.startsWith(`contracts${path.sep}`)) {
        context.report({ node, messageId: 'coreOutsideKit', data: { to: `server/${core.split(path.sep).join('/')}` } });
      }
    };
    const literal = (node) => (node?.type === 'Literal' ? node.value : undefined);
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, literal(node.source)),
      TSImportType: (node) => check(node, literal(node.argument?.literal)),
      // vi.mock('…') and vi.importActual('…') in a plugin's tests reach into modules as well.
      'CallExpression[callee.object.name="vi"]': (node) => check(node, literal(node.arguments[0])),
    };
  },
};
const localRules = { rules: { 'plugin-boundaries': pluginBoundaries } };

const STATIC_FEEDBACK_ALLOWED = ['src/app/http-presenter.ts', 'src/main.tsx'];

export default tseslint.config(
  { ignores: ['build/**', 'data/**', 'node_modules/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'plugins/**/*.{ts,tsx}'],
    // A plugin's tests (plugins/<domain>/tests/**) are tests like those in tests/: they drive the server,
    // the browser and the network, so the client-code rules do not apply to them; nor to a plugin's server side,
    // whose channel adapters call their services (payment, tracking) with fetch.
    ignores: ['plugins/*/tests/**', 'plugins/*/server/**', 'plugins/*/server.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': ['error', noFetch, noStaticModal],
      'no-restricted-imports': ['error', { paths: [noStaticFeedback] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // src/main.tsx is the composition root: the one place that hands the plugin list to the registry.
    ignores: ['src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [noStaticFeedback], patterns: [noPluginsFromSrc, noServerFromClient] }] },
  },
  {
    files: ['src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerFromClient] }] },
  },
  {
    files: ['src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noStaticFeedback],
          patterns: [noPluginsFromSrc, noServerFromClient, { group: ['react', 'react-dom', 'antd', 'axios', '@refinedev/*', '../*'], message: 'contracts are pure data shared with the server.' }],
        },
      ],
    },
  },
  {
    files: ['plugins/*/pages/**', 'plugins/*/components/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noStaticFeedback], patterns: [noServerFromClient] }] },
  },
  {
    // A plugin definition is in the login page's entry chunk (src/main.tsx imports the list): it may
    // name lazy pages, entities and resources, but must not pull UI code or barrels in statically.
    files: ['plugins/*/index.tsx', 'plugins/*/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noStaticFeedback],
          patterns: [
            noServerFromClient,
            {
              group: ['antd', 'antd/*', '@refinedev/*', '@ant-design/*', './pages/*', './components/*'],
              message: 'plugin definitions load with the login page: import pages lazily and only light modules (entities, src/toolkit/crud/resource).',
            },
            {
              regex: 'toolkit/(crud(/index)?$|crud/(?!resource$)|editable-table|upload|popup|dict)',
              message: 'plugin definitions load with the login page: import pages lazily and only light modules (entities, src/toolkit/crud/resource).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['plugins/**/*.{ts,tsx}'],
    plugins: { local: localRules },
    rules: { 'local/plugin-boundaries': 'error' },
  },
  {
    // Outside React: the http client's presenter and main.tsx (ConfigProvider.config) keep antd's static API.
    files: STATIC_FEEDBACK_ALLOWED,
    rules: { 'no-restricted-syntax': ['error', noFetch] },
  },
  {
    files: ['src/app/http-presenter.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noPluginsFromSrc, noServerFromClient] }] },
  },
);
