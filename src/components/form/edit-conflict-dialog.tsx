import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { ConflictTable } from '@/components/ui/conflict-table';
import { Dialog, dialogFooter } from '@/components/ui/dialog';
import { conflictRows, type FieldDisplays, type FormValues } from '@/lib/edit-conflict';
import { theirChangesToKeep, type EditConflictControl } from './edit-conflict';
import { useFormContext } from './form-context';

/**
 * The dialog of a refused save, in the form it belongs to: theirs vs mine for every field that
 * differs (labels and formats from `displays`, the fields on screen); 'Manter as minhas' writes
 * their changes into the fields the user left alone and saves again with the new version (mine win
 * on the fields the user changed); 'Usar as deles' puts their values in the form (the user's edits
 * dropped) and saves nothing; Cancelar goes back to the form as typed.
 */
export default function EditConflictDialog({ control, displays }: { control: EditConflictControl; displays: () => FieldDisplays }) {
  // the form kit's context is untyped in its values: what the choices do to any form
  const form = useFormContext() as unknown as {
    reset(values: FormValues, opts: { keepDefaultValues: boolean }): void;
    setFieldValue(name: string, value: unknown): void;
    handleSubmit(): Promise<void>;
  };
  const { conflict } = control;
  return (
    <Dialog
      open={conflict !== null}
      onOpenChange={(open) => !open && control.dismiss()}
      role="alertdialog"
      title="Registro alterado por outra pessoa"
      description="Alguém salvou este registro depois que você o abriu. Confira as mudanças e escolha o que fica."
    >
      {conflict ? (
        <div className={css({ display: 'grid', gap: '3' })}>
          <ConflictTable rows={conflictRows(displays(), conflict.base, conflict.mine, conflict.theirs)} />
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            Manter as minhas: os campos que você alterou ficam com os seus valores; os demais, como eles deixaram.
          </p>
        </div>
      ) : null}
      <div className={dialogFooter}>
        <Button variant="outline" onClick={() => control.dismiss()}>
          Cancelar
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            if (!conflict) return;
            // the form's defaultValues stay the screen's (its record prop): a re-render must not put the old values back
            form.reset(conflict.theirs, { keepDefaultValues: true });
            control.accept();
          }}
        >
          Usar as deles
        </Button>
        <Button
          onClick={() => {
            if (!conflict) return;
            for (const [name, value] of Object.entries(theirChangesToKeep(conflict))) form.setFieldValue(name, value);
            control.accept();
            void form.handleSubmit();
          }}
        >
          Manter as minhas
        </Button>
      </div>
    </Dialog>
  );
}
