/** REST defaults: page size 10 (spec 9), 100 is the select-list cap, strictParams for 'Invalid key X'. */
export default {
  rest: {
    defaultLimit: 10,
    maxLimit: 100,
    withCount: true,
    strictParams: true,
  },
};
