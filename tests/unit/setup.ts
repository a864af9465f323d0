import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no scrolling; the router's scroll restoration calls it.
if (typeof window !== 'undefined') window.scrollTo = () => {};
