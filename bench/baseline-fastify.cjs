// The comparison point of "start to ready": a bare fastify server with one static route.
const fastify = require("fastify")();
fastify.get("/", async () => ({ ok: true }));
fastify.listen({ port: 0, host: "127.0.0.1" }).then((address) => process.stdout.write(`${address}\n`));
