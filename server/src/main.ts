/** Entry point: load and validate the configuration (exit 1 with every problem listed), then serve. */
import { ConfigError, loadConfig } from './config.ts';
import { createServer } from './server.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const server = createServer(config);
const port = await server.start();
server.context.logger.info({ port, upstream: config.mode }, `proxy listening on http://localhost:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.context.logger.info({ signal }, 'shutting down');
    void server.stop().then(() => process.exit(0));
  });
}
