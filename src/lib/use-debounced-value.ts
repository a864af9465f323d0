import { useEffect, useState } from 'react';

/** `value`, updated only after it stayed unchanged for `ms` (free-text search: one request per pause, not per key). */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}
