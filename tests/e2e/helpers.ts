import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Balcao@2026';

/** The seeded logins of docs/architecture.md, with the menu each role must see (spec 000 §2.2). */
export const ROLES = {
  admin: {
    document: '52998224725',
    name: 'Administrador Balcão',
    role: 'Administrador',
    menu: [
      'Dashboard',
      'Pedidos',
      'Contas a Receber',
      'Contas a Pagar',
      'Despachantes',
      'Concessionárias',
      'Clientes',
      'Meios de Pagamento',
      'Tipos de Veículo',
      'Itens para Venda',
      'Usuários',
      'Perfis de acesso',
      'Estados',
      'Tipos de Documento',
      'Histórico',
    ],
  },
  despachante: {
    document: '11222333000181',
    name: 'Despachante Paulista Ltda',
    role: 'Despachante',
    menu: [
      'Dashboard',
      'Pedidos',
      'Contas a Receber',
      'Contas a Pagar',
      'Despachantes',
      'Concessionárias',
      'Clientes',
      'Meios de Pagamento',
      'Tipos de Veículo',
      'Itens para Venda',
      'Usuários',
      'Estados',
      'Tipos de Documento',
    ],
  },
  concessionaria: {
    document: '45283095000136',
    name: 'Concessionária Avenida Veículos',
    role: 'Concessionária',
    menu: [
      'Dashboard',
      'Pedidos',
      'Contas a Receber',
      'Contas a Pagar',
      'Concessionárias',
      'Clientes',
      'Meios de Pagamento',
      'Tipos de Veículo',
      'Itens para Venda',
      'Usuários',
      'Estados',
      'Tipos de Documento',
    ],
  },
  vendedor: {
    document: '11144477735',
    name: 'Vendedor Demonstração',
    role: 'Vendedor',
    // company find (read dealerships) shows Despachantes and Concessionárias; /despachantes itself needs company create
    menu: [
      'Dashboard',
      'Pedidos',
      'Despachantes',
      'Concessionárias',
      'Clientes',
      'Meios de Pagamento',
      'Tipos de Veículo',
      'Itens para Venda',
      'Usuários',
      'Estados',
      'Tipos de Documento',
    ],
  },
} as const;
export type RoleKey = keyof typeof ROLES;

export const documentField = (page: Page) => page.getByLabel('CPF/CNPJ');
export const passwordField = (page: Page) => page.getByLabel('Senha', { exact: true });
export const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Signs in through the login screen the way a person does and waits for the home page. */
export async function login(page: Page, role: RoleKey): Promise<void> {
  await page.goto('/login');
  await documentField(page).pressSequentially(ROLES[role].document);
  await passwordField(page).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}
