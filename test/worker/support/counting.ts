/**
 * Counting proxies in front of the test env's bindings: KV writes by key, and D1 queries (a batch is one)
 * with the rows D1 says each wrote and read. The Free-plan and abuse tests count what a run or a visitor
 * costs with them.
 */
import { env } from "cloudflare:test";

/** A KV binding that counts its writes by key. */
export function countingKv(): { kv: KVNamespace; puts: string[] } {
  const puts: string[] = [];
  const kv = new Proxy(env.CACHE, {
    get(target, property) {
      if (property === "put") {
        return (key: string, ...rest: unknown[]) => {
          puts.push(key);
          return (target.put as (...args: unknown[]) => Promise<void>)(key, ...rest);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { kv, puts };
}

export interface Tally {
  queries: number;
  rowsWritten: number;
  rowsRead: number;
  /** The SQL of every statement run, in order (each of a batch's too). */
  sql: string[];
}

/** A D1 binding that counts queries (a batch is one) and the rows D1 says each wrote and read. */
export function countingDb(db: D1Database): { db: D1Database; tally: Tally } {
  const tally: Tally = { queries: 0, rowsWritten: 0, rowsRead: 0, sql: [] };
  const note = (meta: { rows_written?: number; rows_read?: number } | undefined) => {
    tally.rowsWritten += meta?.rows_written ?? 0;
    tally.rowsRead += meta?.rows_read ?? 0;
  };
  const real = new WeakMap<object, D1PreparedStatement>();
  const sqlOf = new WeakMap<object, string>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...args: unknown[]) => wrap(target.bind(...args), sql);
        if (property === "run" || property === "all") {
          return async () => {
            tally.queries += 1;
            tally.sql.push(sql);
            const result = await target.all();
            note(result.meta);
            return result;
          };
        }
        if (property === "first") {
          // Read through all() so the rows it read are counted too.
          return async (column?: string) => {
            tally.queries += 1;
            tally.sql.push(sql);
            const result = await target.all<Record<string, unknown>>();
            note(result.meta);
            const row = result.results[0] ?? null;
            // `first(column)` answers that column's value, as D1's does.
            return column === undefined || row === null ? row : (row[column] ?? null);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(proxy, statement);
    sqlOf.set(proxy, sql);
    return proxy;
  };
  const counted = new Proxy(db, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          tally.queries += 1;
          for (const s of statements) tally.sql.push(sqlOf.get(s) ?? "");
          const results = await target.batch(statements.map((s) => real.get(s) ?? s));
          for (const result of results) note(result.meta);
          return results;
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: counted, tally };
}
