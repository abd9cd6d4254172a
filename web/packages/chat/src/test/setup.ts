import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Tests in the node environment (build and package checks) have no DOM to clean.
const dom = typeof window !== 'undefined';

afterEach(() => {
  if (dom) cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (dom) window.localStorage.clear();
});
