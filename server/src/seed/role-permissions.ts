/**
 * The ONE declarative map of which role may call which content-API action
 * (spec 000 §2.1–2.2 route table and menu, 001 §6).
 * Keys are role types; values are action uids `api::<api>.<controller>.<action>` or
 * `plugin::<plugin>.<controller>.<action>`. `'*'` means every action that exists.
 *
 * seed/access.ts applies a role's list when the role is created and again only when
 * ROLE_PERMISSIONS_VERSION changes (stored in the core store), so an administrator's
 * later change on /role/{id}/permissions survives restarts. Actions that do not exist
 * (yet) are skipped. Rationale: docs/decisions.md "Seeded roles and one permission map".
 */
export const ROLE_PERMISSIONS_VERSION = 7;

/** What every role may do: its own session, profile and password, and reading its own permission tree. */
const EVERY_ROLE = [
  'plugin::users-permissions.auth.callback', // signing in again (another account) while signed in
  'plugin::users-permissions.auth.changePassword',
  'plugin::users-permissions.auth.resetPassword',
  'plugin::users-permissions.auth.forgotPassword',
  'plugin::users-permissions.user.me',
  'plugin::users-permissions.user.findOne', // self only (policy global::self-or-admin)
  'plugin::users-permissions.user.update', // self only (policy in the users-permissions extension)
  'plugin::users-permissions.user.changePassword', // self only unless administrator
  'plugin::users-permissions.role.find',
  'plugin::users-permissions.role.findOne',
  'plugin::users-permissions.permissions.getPermissions',
  'api::history-entry.history-entry.find', // the history of the records the caller sees (utils/history/read.ts)
];

/** Staff roles list party accounts (users of type company/dispatcher, public fields only) for selects (spec 001 §7). */
const LIST_PARTIES = ['plugin::users-permissions.user.find'];

const crud = (api: string, actions: string[], controller = api) => actions.map((action) => `api::${api}.${controller}.${action}`);
const READ = ['find', 'findOne'];

/** Shared lookup tables every staff role reads to fill selects. */
/**
 * The home's figures (GET /dashboard/*): each granted with the list it counts, so a role sees a figure
 * exactly when it may open that list (orders by status with sales-order.find; the receivables' with receivable.find).
 */
const HOME_ORDERS = crud('dashboard', ['ordersByStatus']);
const HOME_RECEIVABLES = crud('dashboard', ['receivablesPending', 'receivablesMonthly']);

const LOOKUP_READS = [...crud('vehicle-type', READ), ...crud('payment-method', READ), ...crud('sales-item', READ), ...crud('state', READ)];

export const ROLE_PERMISSIONS: Record<string, '*' | string[]> = {
  /** Everything, including roles, users, uploads and the lookup tables' writes. */
  administrador: '*',

  /** Despachante: works orders end to end (documents, payments), reads dealerships and agreements. */
  despachante: [
    ...EVERY_ROLE,
    ...LIST_PARTIES,
    ...crud('sales-order', ['find', 'findOne', 'create', 'update', 'delete']),
    ...crud('sales-order-item', ['find', 'findOne']),
    ...crud('sales-order-document', ['find', 'findOne', 'create', 'delete']),
    ...crud('document-type', ['find', 'findOne', 'getSignedUrl']),
    ...crud('receivable', ['find', 'findOne', 'create', 'update', 'delete', 'confirm', 'undo']),
    ...HOME_ORDERS,
    ...HOME_RECEIVABLES,
    ...crud('customer', ['find', 'findOne', 'create', 'update', 'findByCpfCnpj']),
    ...LOOKUP_READS,
    ...crud('company', READ),
    ...crud('company-agreement', READ),
    ...crud('notification', READ),
    'plugin::upload.content-api.upload',
  ],

  /** Concessionária: reads its orders, documents and payments; its own company screens and custom actions. */
  concessionaria: [
    ...EVERY_ROLE,
    ...LIST_PARTIES,
    ...crud('sales-order', ['find', 'findOne', 'create']),
    ...crud('sales-order-item', ['find', 'findOne']),
    ...crud('sales-order-document', ['find', 'findOne', 'create']),
    ...crud('document-type', ['find', 'findOne', 'getSignedUrl']),
    ...crud('receivable', READ),
    ...HOME_ORDERS,
    ...HOME_RECEIVABLES,
    ...crud('customer', ['find', 'findOne', 'create', 'findByCpfCnpj']),
    ...LOOKUP_READS,
    ...crud('company', [
      'find',
      'findOne',
      'update',
      'getCompanyUsers',
      'getCompanyNotifications',
      'getCompanyNotificationsUnread',
      'updateNotificationReadStatus',
      'getCompanyPaymentMethods',
      'getCompanySalesItemsSimulation',
      'getCompanyOrders',
      'getCompanyOrder',
      'createCompanyOrder',
      'getCompanyVehicleTypes',
    ]),
    ...crud('company-agreement', READ),
    ...crud('notification', READ),
    'plugin::upload.content-api.upload',
  ],

  /** Vendedor: sells (orders and customers) and reads the lookup tables. */
  vendedor: [
    ...EVERY_ROLE,
    ...LIST_PARTIES,
    ...crud('sales-order', ['find', 'findOne', 'create']),
    ...crud('sales-order-item', ['find', 'findOne']),
    ...HOME_ORDERS,
    ...crud('customer', ['find', 'findOne', 'create', 'findByCpfCnpj']),
    ...LOOKUP_READS,
    ...crud('company', READ), // dealerships (read), docs/architecture.md "Data scope"
  ],

  /** Stock "Authenticated" (default role of users created without one): only their own session. */
  authenticated: [...EVERY_ROLE],

  /** Anonymous visitors: sign in and recover a password. */
  public: [
    'plugin::users-permissions.auth.callback',
    'plugin::users-permissions.auth.connect',
    'plugin::users-permissions.auth.forgotPassword',
    'plugin::users-permissions.auth.resetPassword',
  ],
};

/** The seeded roles besides the stock Authenticated/Public: type → name and description. */
export const SEEDED_ROLES = [
  { type: 'administrador', name: 'Administrador', description: 'Acesso total à plataforma' },
  { type: 'despachante', name: 'Despachante', description: 'Despachante: pedidos, documentos e recebimentos' },
  { type: 'concessionaria', name: 'Concessionária', description: 'Concessionária: pedidos e dados da própria loja' },
  { type: 'vendedor', name: 'Vendedor', description: 'Vendedor: pedidos e clientes' },
] as const;
