import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

/** One turn of the event loop (a 0 ms timer). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(async () => {
  cleanup();
  localStorage.clear();
  // An unmounted dialog's focus trap returns the focus in a 0 ms timer (zag-js focus-trap `delay`, after a promise
  // when it checks the node first): let it run while jsdom is still there, or the last test of a file leaves a
  // "document is not defined" behind once the environment is torn down.
  await nextTask();
  await nextTask();
});

// jsdom has no scrolling; the router's scroll restoration calls it.
if (typeof window !== 'undefined') window.scrollTo = () => {};
