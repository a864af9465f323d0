import { Button } from './button';
import { Dialog, dialogFooter } from './dialog';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy?: boolean;
}

/** The delete confirmation of spec 000 §2.4, with its exact texts. */
export function ConfirmDeleteDialog({ open, onOpenChange, onConfirm, busy }: ConfirmDeleteDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      title="Confirmar exclusão"
      description="Tem certeza que deseja excluir este item? Esta ação não pode ser desfeita."
    >
      <div className={dialogFooter}>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={busy}>
          Confirmar
        </Button>
      </div>
    </Dialog>
  );
}
