import type { Plugin } from 'vite';

/**
 * Builds date-fns with pt-BR as its default locale instead of en-US. `parse` and
 * `formatDistanceToNowStrict` import the default locale whether or not a call passes its own;
 * every call here passes `ptBR` or uses numeric tokens only, so en-US (~2 KiB gzipped) was
 * downloaded and never used. pt-BR's week options (weekStartsOn 0,
 * firstWeekContainsDate 1) are en-US's, so numeric results are the same. A date-fns whose
 * `_lib/defaultLocale.js` no longer re-exports en-US fails the build, never silently.
 */
export function dateFnsPtBrDefault(): Plugin {
  const enUS = 'export { enUS as defaultLocale } from "../locale/en-US.js";';
  return {
    name: 'balcao:date-fns-pt-br-default',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]date-fns[\\/]_lib[\\/]defaultLocale\.js$/ },
      handler(code) {
        if (!code.includes(enUS)) this.error('date-fns/_lib/defaultLocale.js changed: update balcao:date-fns-pt-br-default');
        return { code: code.replace(enUS, 'export { ptBR as defaultLocale } from "../locale/pt-BR.js";'), map: null };
      },
    },
  };
}
