// What the service writes its log lines through: the console by default (service.ts), a recording
// one in tests. Only the type, so any module may take a logger without importing the one in use.
export type Logger = { info(message: string): void; error(message: string, error?: unknown): void };
