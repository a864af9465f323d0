/** GET /customers/cpf-cnpj/:cpf_cnpj (action customer.findByCpfCnpj, spec 000 §6). */
export default {
  routes: [{ method: 'GET', path: '/customers/cpf-cnpj/:cpf_cnpj', handler: 'api::customer.customer.findByCpfCnpj', config: {} }],
};
