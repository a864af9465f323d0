/**
 * Deterministic demo data helpers: a seeded PRNG, CPF/CNPJ with valid check digits,
 * Brazilian names, and the lookup catalogues (vehicle types, payment methods, sales items,
 * document types). Money in reais with two decimals.
 */

/** Mulberry32: a small deterministic PRNG so every seed run produces the same data. */
export function prng(seed = 20260101) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}

/** CPF with check digits from a 9-digit base (number or string). */
export function cpfFrom(base: number | string): string {
  const d = String(base).padStart(9, '0').slice(-9).split('').map(Number);
  if (d.every((x) => x === d[0])) d[8] = (d[8] + 1) % 10;
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i] * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

/** CNPJ with check digits from a 12-digit base. */
export function cnpjFrom(base: number | string): string {
  const d = String(base).padStart(12, '0').slice(-12).split('').map(Number);
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const sum = weights.reduce((acc, w, i) => acc + w * d[i], 0);
    const r = sum % 11;
    d.push(r < 2 ? 0 : 11 - r);
  }
  return d.join('');
}

export const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Larissa',
  'Marcos',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
  'Sofia',
  'Thiago',
  'Vanessa',
  'Wagner',
  'Beatriz',
  'Caio',
  'Fernanda',
  'Gustavo',
  'Juliana',
  'Lucas',
  'Mariana',
  'Pedro',
  'Renata',
  'Vinícius',
];
export const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
];

/** A plain-ASCII slug for e-mails. */
export const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');

export const VEHICLE_TYPES = [
  { name: 'Automóvel', description: 'Carros de passeio' },
  { name: 'Motocicleta', description: 'Motos, motonetas e ciclomotores' },
  { name: 'Caminhonete', description: 'Picapes e SUVs de carga leve' },
  { name: 'Caminhão', description: 'Veículos de carga acima de 3,5 t' },
  { name: 'Utilitário', description: 'Vans e furgões' },
  { name: 'Ônibus', description: 'Transporte coletivo', is_active: false },
];

export const PAYMENT_METHODS = [
  { name: 'PIX', is_online_payment: true, max_installments: 0, interest_tax: 0 },
  { name: 'Boleto bancário', is_online_payment: true, max_installments: 0, interest_tax: 0 },
  { name: 'Cartão de crédito', is_online_payment: true, max_installments: 12, interest_tax: 2.99 },
  { name: 'Cartão de débito', is_online_payment: true, max_installments: 0, interest_tax: 0 },
  { name: 'Transferência bancária (TED)', is_online_payment: true, max_installments: 0, interest_tax: 0 },
  { name: 'Dinheiro', is_online_payment: false, max_installments: 0, interest_tax: 0 },
];

/**
 * Sales item catalogue: [name, description, base price (reais, for an Automóvel), dispatcher share,
 * dealership share, flags]. The platform amount is the rest, so the three amounts always sum to the price.
 */
export const SALES_ITEMS: Array<{
  name: string;
  description: string;
  price: number;
  d: number;
  c: number;
  flags?: Record<string, boolean>;
  billing_type?: 'fixed_value' | 'percentage';
}> = [
  { name: 'Emplacamento', description: 'Primeiro emplacamento de veículo zero km', price: 450, d: 0.7, c: 0.2 },
  { name: 'Transferência de propriedade', description: 'Transferência junto ao DETRAN', price: 380, d: 0.75, c: 0.15 },
  { name: 'Licenciamento anual', description: 'CRLV-e do exercício', price: 160, d: 0.6, c: 0.25, flags: { is_state_tax: true } },
  { name: 'Placa Mercosul (par)', description: 'Fabricação e instalação do par de placas', price: 280, d: 0.65, c: 0.25, flags: { is_special_plate: true } },
  { name: 'Vistoria veicular', description: 'Vistoria de identificação', price: 190, d: 0.8, c: 0.1 },
  {
    name: 'IPVA',
    description: 'Imposto sobre a propriedade (percentual do valor do veículo)',
    price: 4,
    d: 0.9,
    c: 0.05,
    flags: { is_ipva: true, is_state_tax: true },
    billing_type: 'percentage',
  },
  { name: 'Baixa de gravame', description: 'Baixa de alienação fiduciária', price: 220, d: 0.7, c: 0.2, flags: { is_vehicle_financed: true } },
  {
    name: 'Registro de contrato',
    description: 'Registro do financiamento no DETRAN',
    price: 350,
    d: 0.7,
    c: 0.2,
    flags: { is_vehicle_financed: true, is_discount_allowed: true },
  },
];

/** Price factor per vehicle type (index in VEHICLE_TYPES). */
export const TYPE_FACTOR = [1, 0.7, 1.2, 1.8, 1.3, 2];

/** Splits `price` (reais) into dispatcher/dealership/platform amounts that sum exactly. */
export function split(price: number, d: number, c: number) {
  const cents = Math.round(price * 100);
  const dc = Math.round(cents * d);
  const cc = Math.round(cents * c);
  return {
    price: cents / 100,
    vehicle_documentation_company_amount: dc / 100,
    vehicle_sales_company_amount: cc / 100,
    platform_amount: (cents - dc - cc) / 100,
  };
}

export const DOCUMENT_TYPES = ['CRLV', 'Nota fiscal', 'CNH', 'Comprovante de residência', 'Procuração'];

export const CARD_BRANDS = ['Visa', 'Mastercard', 'Elo', 'American Express', 'Hipercard'];

export const CITIES: Array<[uf: string, city: string, cep: string, ddd: string]> = [
  ['SP', 'São Paulo', '01310100', '11'],
  ['SP', 'Campinas', '13015001', '19'],
  ['RJ', 'Rio de Janeiro', '20040002', '21'],
  ['MG', 'Belo Horizonte', '30130010', '31'],
  ['PR', 'Curitiba', '80010000', '41'],
  ['RS', 'Porto Alegre', '90010150', '51'],
  ['BA', 'Salvador', '40020000', '71'],
];
