import { pino, type Logger } from "pino";

let instance: Logger | undefined;
/** Structured JSON logs on stdout (LOG_LEVEL, default info). */
export function logger(): Logger {
  instance ??= pino({ level: process.env.LOG_LEVEL ?? "info", base: { app: "shop" } });
  return instance;
}
