import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { PidLockError } from './db/pid-lock';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // Closing the app closes the database (PGlite must be closed cleanly) and removes the pid file.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Merchant back-office listening on http://${shownHost}:${port} (API under ${config.apiBase})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof PidLockError) {
    console.error(error.message);
  } else {
    console.error('Server failed to start:', error);
  }
  process.exit(1);
});
