/**
 * Playwright's global setup: starts the fixture server (a stand-in n8n, `server.ts`) on its own
 * port for the whole run and stops it afterwards. Specs reach it at `fixtureUrl`. It also fetches
 * n8n's own widget for the conformance specs, and at the end removes the run's temporary
 * databases.
 */
import { n8nChatDist } from '../tests/support/n8n-widget';
import { removeRunData } from '../tests/support/server';
import { startFixtureServer } from './server';

export const fixturePort = Number(process.env.CITABOT_FIXTURE_PORT ?? 3918);
export const fixtureUrl = `http://127.0.0.1:${String(fixturePort)}`;

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Packed here, once: workers running the n8n-widget specs side by side must not race on it.
  n8nChatDist();
  const server = await startFixtureServer(fixturePort);
  return async () => {
    await server.close();
    removeRunData();
  };
}
