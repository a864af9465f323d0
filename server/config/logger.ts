import { winston, formats } from '@strapi/logger';

/**
 * Log level from LOG_LEVEL (default http: one line per request). The test harness sets
 * LOG_LEVEL=error so test output stays readable.
 */
const level = process.env.LOG_LEVEL || 'http';

export default {
  transports: [
    new winston.transports.Console({
      level,
      format: winston.format.combine(formats.levelFilter(level), formats.prettyPrint({ timestamps: 'YYYY-MM-DD hh:mm:ss.SSS' })),
    }),
  ],
};
