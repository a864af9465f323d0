import { exportRoute } from '../../../utils/export';

/** GET /customers/cpf-cnpj/:cpf_cnpj (action customer.findByCpfCnpj, spec 000 §6). */
export default {
  routes: [
    // "Exportar" of the list (utils/export): holders of customer.find
    exportRoute('api::customer.customer', '/customers'),
    { method: 'GET', path: '/customers/cpf-cnpj/:cpf_cnpj', handler: 'api::customer.customer.findByCpfCnpj', config: {} },
  ],
};
