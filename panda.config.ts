import { defineConfig } from '@pandacss/dev';
import { recipes, slotRecipes } from './src/theme/recipes';
import { tokens, semanticTokens } from './src/theme/tokens';

/** Panda CSS: tokens (primary #0E5FB2) and the recipes of components/ui. */
export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  theme: {
    extend: {
      tokens,
      semanticTokens,
      recipes,
      slotRecipes,
    },
  },
  globalCss: {
    'html, body': {
      fontFamily: 'body',
      color: 'fg',
      bg: 'bg.canvas',
      fontSize: 'sm',
    },
  },
});
