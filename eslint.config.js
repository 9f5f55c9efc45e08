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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='fetch']",
          message: 'Only src/providers/http talks to the network.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // src/main.tsx is the composition root: the one place that hands the plugin list to the registry.
    ignores: ['src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noPluginsFromSrc, noServerFromClient] }] },
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
          patterns: [noPluginsFromSrc, noServerFromClient, { group: ['react', 'react-dom', 'antd', 'axios', '@refinedev/*', '../*'], message: 'contracts are pure data shared with the server.' }],
        },
      ],
    },
  },
  {
    files: ['plugins/*/pages/**', 'plugins/*/components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerFromClient] }] },
  },
  {
    // A plugin definition is in the login page's entry chunk (src/main.tsx imports the list): it may
    // name lazy pages, entities and resources, but must not pull UI code or barrels in statically.
    files: ['plugins/*/index.tsx', 'plugins/*/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
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
);
