import pg from 'pg';

/** PostgreSQL's type oids of `date` and `timestamp` (without time zone). */
const DATE_OID = 1082;
const TIMESTAMP_OID = 1114;

/**
 * How rows are parsed on every connection (the pg pool and the embedded database's client alike): as node-postgres
 * does, except that a `date` and a `timestamp without time zone` stay the text PostgreSQL wrote. They are wall
 * clocks, not instants: node-postgres would read them as midnight or a time of the server process's own zone, which
 * is not the shop's (server/time/shop-time.ts) — a birthday or a report's date column would move by a day.
 * timestamptz still arrives as a Date (an instant).
 */
export const WALL_CLOCK_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if ((oid === DATE_OID || oid === TIMESTAMP_OID) && format !== 'binary') return (value: string) => value;
    return format === undefined ? pg.types.getTypeParser(oid) : pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};
