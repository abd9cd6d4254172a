/**
 * Browser benchmarks of the widget (`make bench`): the end-to-end setup (the release binary with a
 * fresh database, the fixture server, Debian's Chromium) running `*.bench.ts` one at a time. They
 * print figures and assert nothing; each has a time limit.
 */
import { defineConfig } from '@playwright/test';
import e2e from '../e2e/playwright.config';

export default defineConfig(e2e, {
  testDir: '.',
  testMatch: '*.bench.ts',
  globalSetup: '../e2e/fixture-server/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  reporter: 'list',
  outputDir: '../e2e/test-results/bench',
  timeout: 10 * 60_000,
});
