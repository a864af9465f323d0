/**
 * The administrators' history screen (all history, filtered by user and period): the same list as
 * GET /history-entries under an action of its own, granted to administrators only and guarded by
 * global::is-admin, so the PWA's route, menu entry and the role seed read one permission.
 */
export default {
  routes: [
    {
      method: 'GET',
      path: '/history-entries/all',
      handler: 'api::history-entry.history-entry.findAll',
      config: { policies: [{ name: 'global::is-admin', config: { message: 'Apenas administradores podem consultar todo o histórico.' } }] },
    },
  ],
};
