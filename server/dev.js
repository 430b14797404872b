// Development entry: `npm run dev`. Vite serves the client with hot reload; the app is loaded
// through Vite so server code changes apply without a restart.
import express from "express";
import * as vite from "vite";

const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
const source = await viteDevServer.ssrLoadModule("./server/app.ts");
await source.prepare();
const { config } = await viteDevServer.ssrLoadModule("./app/platform/config.server.ts");
const cfg = config();

const app = express();
app.use(viteDevServer.middlewares);
app.use(source.createApp());
const server = app.listen(cfg.port, cfg.host, (error) => {
  if (error) {
    console.error(source.listenErrorMessage(error, cfg.host, cfg.port));
    process.exit(1);
  }
  console.log(`Serveur de développement : http://localhost:${cfg.port}`);
  source.installShutdown(server);
  source.startBackgroundJobs();
});
