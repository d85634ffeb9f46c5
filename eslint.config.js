// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.data/',
      '.test-data/',
      'test-results/',
      'playwright-report/',
      'client/src/routeTree.gen.ts',
      'client/src/routeTree.public.gen.ts',
      'postcss.config.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': 'allow-with-description', 'ts-expect-error': 'allow-with-description' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      // A path that climbs four folders says nothing about where it lands: the package's `#client/*`,
      // `#server/*`, `#shared/*`, `#worker/*` and `#test/*` imports name the tree instead.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){4,}',
              message: 'Import through the #client/, #server/, #shared/, #worker/ or #test/ alias.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Mantine's withAsterisk only draws the star: the control is not marked required, so a screen
      // reader never says so. `required` draws it and marks the control (forms keep noValidate, so
      // the browser's own bubble stays away; decision 099).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='withAsterisk']",
          message: 'Use `required`: withAsterisk shows the star without telling screen readers.',
        },
      ],
    },
  },
  {
    // Migrations are frozen in time and written against Kysely<any> by design.
    files: ['migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);
