import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function PaymentMethodForm({ mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <PlaceholderPage
      title={mode === 'new' ? 'Novo meio de pagamento' : 'Editar meio de pagamento'}
      backTo={{ to: '/payment-methods' }}
      note="Esta tela chega com a sua issue."
    />
  );
}
