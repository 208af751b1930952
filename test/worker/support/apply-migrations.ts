/** Every workerd test file starts with the real schema: the same migrations `npm start` applies. */
import { applyD1Migrations, type D1Migration, env } from "cloudflare:test";

const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(env.DB, TEST_MIGRATIONS);
