// ESLint for every workspace. TypeScript sources under src/ get the type-aware strict rules;
// config files and anything else get the plain recommended ones.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/test-results/',
    '**/playwright-report/',
    // Data the tests read at run time (README.md there), never code.
    'test-corpora/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['{packages,apps}/*/src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: globals.browser,
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['**/*.tsx'],
    extends: [reactHooks.configs.flat['recommended-latest']],
  },
  {
    // The script-tag build bundles React 18 (packages/chat/vite.config.ts): the widget keeps to
    // the API React 18 and 19 share. These are the 19-only forms it would otherwise reach for.
    files: ['packages/chat/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['use', 'useActionState', 'useOptimistic'],
              message:
                'React 19 only; the script-tag build runs React 18 (useContext works in both).',
            },
            {
              name: 'react-dom',
              importNames: ['useFormStatus', 'preload', 'preinit'],
              message: 'React 19 only; the script-tag build runs React 18.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXOpeningElement[name.type="JSXIdentifier"][name.name=/Context$/]',
          message: 'A context as its own provider is React 19 only; write <SomeContext.Provider>.',
        },
      ],
    },
  },
  {
    files: ['**/*.config.{js,ts}', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
);
