// The yardstick: a bare Fastify route on the same machine, parsing a JSON body and answering
// a small JSON document, with nothing else registered.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', async (request) => ({ ok: true, size: JSON.stringify(request.body).length }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
