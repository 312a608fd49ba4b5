// The yardstick: a bare Fastify route on the same machine, parsing a JSON body and answering
// a small JSON document, with nothing else registered; INSTANCES processes sharing the port
// (node:cluster) as the server runs them, or one.
import cluster from 'node:cluster';
import Fastify from 'fastify';

const instances = Number(process.env.INSTANCES ?? 1);
if (instances > 1 && cluster.isPrimary) {
  let listening = 0;
  for (let i = 0; i < instances; i++) {
    cluster.fork().once('listening', () => {
      if (++listening === instances) process.send?.('ready');
    });
  }
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.once('exit', () => process.exit(0));
  });
} else {
  const app = Fastify({ logger: false });
  app.post('/bare', async (request) => ({ ok: true, size: JSON.stringify(request.body).length }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  if (cluster.isPrimary) process.send?.('ready');
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
