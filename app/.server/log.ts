/**
 * The server's one way to write a log line: `[prefix] message`, with a failure's operator detail appended
 * (`: <message, status, runtime detail>`). Levels map to the console's (Workers Logs keep them apart):
 * `debug` and `info` for what happened, `warn` for what we worked around, `error` for what failed.
 */
import { describeFailure } from "./http";

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Log {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string, failure?: unknown): void;
  error(message: string, failure?: unknown): void;
}

/** Lines of one area (`markets`, `cache`, `trader` …); writes the same line shape at every level. */
export function createLog(prefix: string): Log {
  const line = (message: string, failure: unknown, hasFailure: boolean) =>
    `[${prefix}] ${message}${hasFailure ? `: ${describeFailure(failure)}` : ""}`;
  return {
    debug: (message) => console.debug(line(message, undefined, false)),
    info: (message) => console.info(line(message, undefined, false)),
    warn: (message, ...failure: unknown[]) => console.warn(line(message, failure[0], failure.length > 0)),
    error: (message, ...failure: unknown[]) => console.error(line(message, failure[0], failure.length > 0)),
  };
}
