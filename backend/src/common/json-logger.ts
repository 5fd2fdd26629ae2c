import { LoggerService } from '@nestjs/common';

type Level = 'debug' | 'info' | 'warn' | 'error';
const RANK: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * Nest's start-up chatter: a line per module and per route (some forty at boot). A start prints one line
 * per phase instead, so these are debug lines; their warnings and errors still show.
 */
const NEST_BOOT_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/**
 * Structured logs: one JSON object a line (time, level, context, msg, and any fields), or a short
 * coloured line on a terminal. Nest's own messages come through the same logger.
 */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly minLevel: Level = 'info',
    private readonly format: 'json' | 'pretty' = 'json',
  ) {}

  log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    this.write(typeof context === 'string' && NEST_BOOT_CONTEXTS.has(context) ? 'debug' : 'info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  /** Logs an event with structured fields, e.g. `event('info', 'Security', 'login.success', { userId })`. */
  event(level: Level, context: string, msg: string, fields: Record<string, unknown>): void {
    this.emit(level, context, msg, fields);
  }

  private write(level: Level, message: unknown, rest: unknown[]): void {
    // Nest passes the context as the last string argument; an error's stack comes before it.
    const args = [...rest];
    const context = typeof args[args.length - 1] === 'string' ? (args.pop() as string) : 'App';
    const fields: Record<string, unknown> = {};
    if (args.length > 0 && typeof args[0] === 'string') fields.stack = args[0];
    if (message instanceof Error) {
      fields.stack = message.stack;
      this.emit(level, context, message.message, fields);
    } else if (typeof message === 'object' && message !== null) {
      this.emit(level, context, '', { ...(message as Record<string, unknown>), ...fields });
    } else {
      this.emit(level, context, String(message), fields);
    }
  }

  private emit(level: Level, context: string, msg: string, fields: Record<string, unknown>): void {
    if (RANK[level] < RANK[this.minLevel]) return;
    const stream = level === 'error' || level === 'warn' ? process.stderr : process.stdout;
    if (this.format === 'json') {
      stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, context, msg, ...fields })}\n`);
      return;
    }
    const colour = { debug: 90, info: 36, warn: 33, error: 31 }[level];
    const extra = Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : '';
    stream.write(`\x1b[${colour}m${level.padEnd(5)}\x1b[0m [${context}] ${msg}${extra}\n`);
  }
}
