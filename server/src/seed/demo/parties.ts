import { CITIES, cnpjFrom, slug } from './data';

/** Demo logins created by seed/access.ts that the business data hangs on (by username). */
export const LOGIN = { dispatcher: '11222333000181', company: '45283095000136', salesman: '11144477735' };

/** A demo dealership or dispatcher (`city`: index into CITIES; `login`: an existing login of seed/access.ts). */
export type Party = { trade_name: string; legal_name: string; cnpj: string; city: number; login?: string };

/** Extra dealerships and dispatchers (their login users are created by seedDemo, password Balcao@2026). */
export const DEALERSHIPS: Party[] = [
  { trade_name: 'Avenida Veículos', legal_name: 'Avenida Comércio de Veículos Ltda', cnpj: LOGIN.company, city: 0, login: LOGIN.company },
  { trade_name: 'Rio Motors', legal_name: 'Rio Motors Comércio de Automóveis S.A.', cnpj: cnpjFrom(334445550001), city: 2 },
  { trade_name: 'Minas Auto Center', legal_name: 'Minas Auto Center Ltda', cnpj: cnpjFrom(556667770001), city: 3 },
  { trade_name: 'Curitiba Seminovos', legal_name: 'Curitiba Seminovos e Multimarcas Ltda', cnpj: cnpjFrom(778889990001), city: 4 },
  { trade_name: 'Gaúcha Caminhões', legal_name: 'Gaúcha Comércio de Caminhões Ltda', cnpj: cnpjFrom(990001110001), city: 5 },
];
export const DISPATCHERS: Party[] = [
  { trade_name: 'Despachante Paulista', legal_name: 'Despachante Paulista Ltda', cnpj: LOGIN.dispatcher, city: 0, login: LOGIN.dispatcher },
  { trade_name: 'Despachante Carioca', legal_name: 'Carioca Serviços de Despachante Ltda', cnpj: cnpjFrom(223334440001), city: 2 },
  { trade_name: 'Despachante Sul', legal_name: 'Sul Documentação Veicular Ltda', cnpj: cnpjFrom(445556660001), city: 5 },
];
/** Agreements: [dispatcher index, dealership index, dispatcher %, dealership %]. */
export const AGREEMENTS: Array<[number, number, number, number]> = [
  [0, 0, 10, 5],
  [0, 1, 8, 4],
  [0, 2, 7.5, 3.5],
  [1, 1, 12, 6],
  [1, 3, 9, 4.5],
  [2, 4, 10, 5],
  [2, 3, 6, 3],
];

/** The demo contact e-mail and phone of a party (its slugged trade name; the city's area code and CNPJ digits). */
export function partyContact(c: Party): { email: string; phone_number: string } {
  const ddd = CITIES[c.city][3];
  return { email: `contato@${slug(c.trade_name)}.com.br`, phone_number: `${ddd}3${String(c.cnpj).slice(0, 7)}` };
}

/** The company row of a demo party (`type` company or dispatcher, `userId` its login, `states` UF → state id). */
export function companyRow(c: Party, type: 'company' | 'dispatcher', userId: number, states: Record<string, number>) {
  const [uf, city, cep] = CITIES[c.city];
  const { email, phone_number } = partyContact(c);
  return {
    trade_name: c.trade_name,
    legal_name: c.legal_name,
    cnpj: c.cnpj,
    type,
    user_id: userId,
    is_active: true,
    address_street: 'Avenida Brasil',
    address_number: String(100 + c.city * 37),
    address_postal_code: cep,
    address_city: city,
    address_state_id: states[uf],
    email,
    phone_number,
  };
}
