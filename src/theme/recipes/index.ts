import { badge } from './badge';
import { button } from './button';
import { columnChooser } from './column-chooser';
import { dialog } from './dialog';
import { field } from './field';
import { input } from './input';
import { listPage } from './list-page';
import { switchControl } from './switch-control';
import { tableCell } from './table-cell';
import { toast } from './toast';

/**
 * The app's Panda recipes, one per file as Park UI's `recipes/` (panda.config.ts registers them;
 * components import the generated ones from `styled-system/recipes`).
 */
export const recipes = { button, input, badge, switchControl, tableCell };
export const slotRecipes = { listPage, field, dialog, toast, columnChooser };
