/** pdf-lib's ES bundle (dist/pdf-lib.esm.js, pako and tslib inlined): the same API as the package's entry. */
declare module 'pdf-lib/dist/pdf-lib.esm.js' {
  export * from 'pdf-lib';
}
