// zod-free: the /vehicle-types route's validateSearch reads these (entry bundle, docs/frontend.md).

/** Sort fields of the vehicle types list (spec 001 §2 "Vehicle types"). */
export const VEHICLE_TYPE_SORT_FIELDS = ['id', 'name', 'createdAt', 'description'] as const;
/** Filter fields (spec 001 §2, §7): id and is_active `$eq`, name and description `$containsi`. */
export const VEHICLE_TYPE_FILTER_KEYS = ['id', 'name', 'description', 'is_active'] as const;
