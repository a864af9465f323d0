// Loaded into the one-machine server's processes by tests/one-machine-start.test.ts
// (NODE_OPTIONS=--require): on SIGUSR2 a process meets the failure that stops Node, a promise
// rejection nobody handles. Node prints the error and exits with code 1.
process.on('SIGUSR2', () => {
  // eslint-disable-next-line @typescript-eslint/no-floating-promises -- the unhandled rejection under test
  Promise.reject(new Error('falha provocada pelo teste (SIGUSR2)'));
});
