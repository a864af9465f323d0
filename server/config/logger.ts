import { winston } from '@strapi/logger';
import { currentRequestId } from '../src/utils/request-id';

/**
 * LOG_LEVEL: the least severe level printed (default http: errors, warnings, info and one line per
 * request). The test harness sets LOG_LEVEL=error so test output stays readable.
 */
const level = process.env.LOG_LEVEL || 'http';

/** The id of the request being served (utils/request-id.ts), on every line logged while serving it. */
const requestId = winston.format((info) => {
  const id = currentRequestId();
  if (id) info.requestId = id;
  return info;
});

/**
 * One line per entry (docs/deploy.md "Log lines"):
 * `2026-11-27T18:19:02.123Z http: [<request id>] GET /api/sales-orders (12 ms) 200`.
 * The time is ISO 8601 in UTC, to the millisecond (Strapi's default printed a 12-hour clock with no
 * AM/PM); an error is written with its stack. Colours only on a terminal: piped to a file, journald
 * or a log shipper, the lines hold no ANSI codes.
 */
export default {
  // replaces Strapi's default format (prettyPrint: local 12-hour time, colours), which runs before any transport's own
  format: winston.format.combine(
    winston.format.errors({ stack: true }),
    requestId(),
    winston.format.timestamp(),
    ...(process.stdout.isTTY ? [winston.format.colorize()] : []),
    winston.format.printf(
      ({ timestamp, level: label, message, requestId: id, stack }) =>
        `${String(timestamp)} ${label}: ${typeof id === 'string' ? `[${id}] ` : ''}${String(stack ?? message)}`,
    ),
  ),
  transports: [new winston.transports.Console({ level })],
};
