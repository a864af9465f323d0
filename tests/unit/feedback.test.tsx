import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { Toaster, clearToasts, toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api/errors';
import { failureToast } from '@/lib/api/feedback';
import { safeRedirect } from '@/lib/navigation/return-to';
import { createQueryClient } from '@/lib/query-client';

afterEach(() => {
  act(() => {
    clearToasts();
  });
});

const serverSaid = new ApiError({ status: 400, message: 'CPF já cadastrado', hasServerMessage: true });
const noMessage = new ApiError({ status: 500, message: 'HTTP 500' });

describe('failure texts from meta', () => {
  it('shows nothing without an errorMessage', () => {
    expect(failureToast(serverSaid, undefined)).toBeUndefined();
    expect(failureToast(serverSaid, {})).toBeUndefined();
  });
  it("prefers the server's message, else the spec's text", () => {
    expect(failureToast(serverSaid, { errorMessage: 'Não foi possível criar o pedido' })).toEqual({ title: 'Erro', description: 'CPF já cadastrado' });
    expect(failureToast(noMessage, { errorMessage: 'Não foi possível criar o pedido' })).toEqual({
      title: 'Erro',
      description: 'Não foi possível criar o pedido',
    });
  });
  it('keeps a fixed text fixed, fills {message}, and skips the statuses the screen shows itself', () => {
    expect(failureToast(serverSaid, { errorMessage: 'Não foi possível excluir o pedido.', useServerMessage: false })?.description).toBe(
      'Não foi possível excluir o pedido.',
    );
    expect(failureToast(noMessage, { errorMessage: 'Erro ao carregar os pedidos: {message}' })?.description).toBe('Erro ao carregar os pedidos: HTTP 500');
    expect(failureToast(new ApiError({ status: 404, message: 'Not Found' }), { errorMessage: 'x', ignoreStatuses: [404] })).toBeUndefined();
    expect(failureToast(noMessage, { errorMessage: 'x', errorTitle: 'Erro no upload' })?.title).toBe('Erro no upload');
  });
});

describe("the server's request id ('Código: …')", () => {
  const answered = new ApiError({ status: 400, message: 'CPF já cadastrado', hasServerMessage: true, requestId: '3f2a9c1e-7b4d-4e0a-9c55-0d1e2f3a4b5c' });
  it('comes on its own line under the text when the server answered, and not when it never did', () => {
    expect(failureToast(answered, { errorMessage: 'Não foi possível criar o pedido' })).toEqual({
      title: 'Erro',
      description: 'CPF já cadastrado',
      code: 'Código: 3f2a9c1e-7b4d-4e0a-9c55-0d1e2f3a4b5c',
    });
    expect(failureToast(answered, { errorMessage: 'x', statusMessages: { 400: 'Dados inválidos' } })?.code).toBe(
      'Código: 3f2a9c1e-7b4d-4e0a-9c55-0d1e2f3a4b5c',
    );
    expect(failureToast(new ApiError({ status: 0, message: 'Failed to fetch' }), { errorMessage: 'x' })).toEqual({ title: 'Erro', description: 'x' });
    expect(failureToast(answered, { errorMessage: 'x', ignoreStatuses: [400] })).toBeUndefined();
  });

  it('is shown in the failure toast of a mutation', async () => {
    function Save() {
      const m = useMutation({ mutationFn: () => Promise.reject(answered), meta: { errorMessage: 'Não foi possível salvar' } });
      return (
        <button type="button" onClick={() => m.mutate()}>
          salvar
        </button>
      );
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Save />
        <Toaster />
      </QueryClientProvider>,
    );
    act(() => screen.getByRole('button', { name: 'salvar' }).click());
    const code = await screen.findByText('Código: 3f2a9c1e-7b4d-4e0a-9c55-0d1e2f3a4b5c');
    const toastRoot = code.closest('[data-part="root"]');
    expect(toastRoot).toHaveTextContent('CPF já cadastrado');
    expect(screen.getByText('CPF já cadastrado')).not.toBe(code);
  });
});

describe("a refusal the server explains (useServerMessage: 'refusal')", () => {
  const refusal = new ApiError({ status: 403, code: 'PolicyError', message: 'Apenas administradores podem excluir empresas.', hasServerMessage: true });
  const bare = new ApiError({ status: 403, code: 'ForbiddenError', message: 'Forbidden', hasServerMessage: true });
  const meta = { errorMessage: 'Não foi possível excluir a concessionária.', useServerMessage: 'refusal' } as const;
  it("shows the server's reason for a policy refusal, the spec's fixed text for any other failure", () => {
    expect(failureToast(refusal, meta)?.description).toBe('Apenas administradores podem excluir empresas.');
    expect(failureToast(bare, meta)?.description).toBe('Não foi possível excluir a concessionária.');
    expect(failureToast(serverSaid, meta)?.description).toBe('Não foi possível excluir a concessionária.');
    expect(failureToast(noMessage, meta)?.description).toBe('Não foi possível excluir a concessionária.');
    expect(failureToast(refusal, { ...meta, useServerMessage: false })?.description).toBe('Não foi possível excluir a concessionária.');
  });
});

describe('the query client reports failures once, from meta', () => {
  function Screen({ fail }: { fail: unknown }) {
    useQuery({ queryKey: ['x'], queryFn: () => Promise.reject(fail), retry: false, meta: { errorMessage: 'Erro ao carregar os pedidos: {message}' } });
    const m = useMutation({ mutationFn: async () => 1, meta: { successTitle: 'Pedido excluído', successMessage: 'Pedido foi excluído com sucesso.' } });
    return (
      <button type="button" onClick={() => m.mutate()}>
        excluir
      </button>
    );
  }

  it('toasts a failed query and a successful mutation with the texts of meta', async () => {
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <Screen fail={noMessage} />
        <Toaster />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Erro ao carregar os pedidos: HTTP 500')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'excluir' }).click());
    expect(await screen.findByText('Pedido foi excluído com sucesso.')).toBeInTheDocument();
    expect(screen.getByText('Pedido excluído')).toBeInTheDocument();
  });

  it('hands a 401 to onUnauthorized instead of toasting it', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    render(
      <QueryClientProvider client={client}>
        <Screen fail={new ApiError({ status: 401, message: 'Missing or invalid credentials', hasServerMessage: true })} />
        <Toaster />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/Erro ao carregar os pedidos/)).toBeNull();
  });

  it('toasts a 401 from meta when no session was running (onUnauthorized answers false: a refused sign-in)', async () => {
    const onUnauthorized = vi.fn(() => false);
    const client = createQueryClient({ onUnauthorized });
    render(
      <QueryClientProvider client={client}>
        <Screen fail={new ApiError({ status: 401, message: 'Credenciais inválidas', hasServerMessage: true })} />
        <Toaster />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Erro ao carregar os pedidos: Credenciais inválidas')).toBeInTheDocument();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('toasts while a modal dialog is open', () => {
  it('stay in the accessibility tree (announced), not hidden with the page behind the dialog', async () => {
    render(
      <>
        <Dialog open onOpenChange={() => {}} title="Confirmar exclusão">
          <p>conteúdo</p>
        </Dialog>
        <Toaster />
      </>,
    );
    await screen.findByRole('dialog');
    act(() => {
      toast({ title: 'Erro', description: 'Não foi possível excluir o pedido.', variant: 'destructive' });
    });
    // getByRole skips anything under aria-hidden: this fails when the toaster sits behind the dialog
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Não foi possível excluir o pedido.');
    expect(status.closest('[aria-hidden="true"]')).toBeNull();
  });
});

describe('redirect after signing in', () => {
  it('keeps same-origin paths with their search', () => {
    expect(safeRedirect('/sales-orders?page=2&q=silva')).toBe('/sales-orders?page=2&q=silva');
    expect(safeRedirect('/sales-order/abc/details')).toBe('/sales-order/abc/details');
  });
  it('refuses other sites, odd forms and /login itself', () => {
    for (const bad of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'sales-orders',
      '/login',
      '/login?redirect=/x',
      '',
      42,
      undefined,
    ]) {
      expect(safeRedirect(bad), String(bad)).toBeUndefined();
    }
  });
});
