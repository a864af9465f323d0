import { defineTokens, defineSemanticTokens } from '@pandacss/dev';

/** Design tokens. Primary is the spec's #0E5FB2 (spec 000 §1). */
export const tokens = defineTokens({
  colors: {
    primary: {
      50: { value: '#EAF2FB' },
      100: { value: '#CFE0F4' },
      500: { value: '#0E5FB2' },
      600: { value: '#0B4F95' },
      700: { value: '#093F77' },
    },
    danger: {
      50: { value: '#FDECEC' },
      500: { value: '#C62828' },
      600: { value: '#A61F1F' },
    },
  },
  fonts: {
    body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  },
  zIndex: {
    docked: { value: 10 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    // panels that float over the page (the list's 'Colunas'), above its sticky cells
    popover: { value: 1500 },
    toast: { value: 1700 },
  },
  gradients: {
    // the public screens' canvas (/login, /reset-password): primary.50 into slate.50
    authCanvas: { value: 'linear-gradient(160deg, #EAF2FB 0%, #F8FAFC 60%)' },
  },
  sizes: {
    sidebar: { value: '256px' },
    sidebarCollapsed: { value: '64px' },
  },
});

export const semanticTokens = defineSemanticTokens({
  colors: {
    fg: { value: '{colors.gray.900}' },
    'fg.muted': { value: '{colors.gray.600}' },
    'bg.canvas': { value: '{colors.gray.50}' },
    'bg.surface': { value: '{colors.white}' },
    border: { value: '{colors.gray.200}' },
    accent: { value: '{colors.primary.500}' },
    // behind modals and the mobile drawer: slate.900 at half opacity
    'bg.backdrop': { value: 'rgba(15, 23, 42, 0.5)' },
  },
});
