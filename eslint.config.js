import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '.astro/',
      '**/data/',
      'backoffice/drizzle/',
      // Generated from the OpenAPI document (npm run console:types).
      'backoffice/console/src/api/schema.d.ts',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        window: 'readonly',
        document: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Storefront layers (docs/architecture.md): pages → components/features → lib; lib never imports a feature.
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'src/lib must not import src/features.' }] },
      ],
    },
  },
  {
    // Back-office modules, flows and jobs read as named steps (docs/architecture.md "Back-office modules").
    files: ['backoffice/src/modules/**/*.ts', 'backoffice/src/flows/**/*.ts', 'backoffice/src/jobs/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
);
