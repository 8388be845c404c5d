// ESLint (docs/decisions/0031): typescript-eslint's recommended rules without type information (tsc -p . already
// checks types; type-aware linting doubled the time), React's hooks rules on the web app, and the import boundaries
// of eslint/boundaries.js. Layout is Prettier's (eslint-config-prettier switches off the rules it would fight).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'backups/', 'test-results/', 'bench/results/', '.ci/cache/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { arrival: boundaries },
    rules: {
      'arrival/import-boundaries': 'error',
      // A leading underscore marks a value left out on purpose (a destructured field dropped, a callback's unused argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Rows read with raw SQL are decoded by a schema at the edge (server/db/client.ts, docs/decisions/0044): the
    // server, the scripts and the bench call selectRows with one; only tests may read rows unchecked.
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='selectRows'][arguments.length=2]",
          message:
            'Decode the rows: selectRows(db, rowSchema, statement), the schema defined once beside the statement.',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The two classic hooks rules. Version 7's recommended set adds rules that run the React Compiler over every
    // component (about 13 of 30 s) and judge patterns by what the compiler can memoize; this app does not use it.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  prettier,
);
