'use strict';

/**
 * `side-channel` for the browser build (vite.config.ts aliases it here). qs stringifies and
 * parses with it (cycle detection, its own bookkeeping); the package picks a WeakMap, Map or
 * linked-list store and, for old engines, pulls in get-intrinsic, object-inspect and friends:
 * ~11 KiB gzipped on every signed-in page. Every browser the PWA supports has
 * WeakMap and Map, so this is the same API (assert, delete, get, has, set) over them:
 * object keys in a WeakMap, primitive keys in a Map.
 */
module.exports = function getSideChannel() {
  var weak;
  var strong;
  function store(key) {
    if (key !== null && (typeof key === 'object' || typeof key === 'function')) return weak || (weak = new WeakMap());
    return strong || (strong = new Map());
  }
  var channel = {
    assert: function (key) {
      if (!channel.has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: function (key) {
      return store(key).delete(key);
    },
    get: function (key) {
      return store(key).get(key);
    },
    has: function (key) {
      return store(key).has(key);
    },
    set: function (key, value) {
      store(key).set(key, value);
    },
  };
  return channel;
};
