/**
 * Where the end-to-end run's citabot servers live, shared by the Playwright config (which starts
 * them) and the specs (which add accounts to their database). Each run gets a fresh SQLite
 * database in a temporary folder, so it never touches `./data` or a server started by `make run`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const sitePort = Number(process.env.CITABOT_E2E_PORT ?? 3917);
/** A second server in proxy mode, relaying to the fixture server (a stand-in n8n). */
export const proxyPort = Number(process.env.CITABOT_E2E_PROXY_PORT ?? 3919);
/**
 * A third server for the salon's pictures (`pictures.spec.ts`): a logo and a hero are
 * site-wide, and the other specs, running at the same time, see the demo salon without them.
 */
export const picturesPort = Number(process.env.CITABOT_E2E_PICTURES_PORT ?? 3920);
/** `CITABOT_E2E_BINARY` runs the suite against another build of the server. */
export const binary =
  process.env.CITABOT_E2E_BINARY ??
  resolve(import.meta.dirname, '../../../../target/release/citabot');

// Set once in the main process; workers inherit it, so every process agrees on the folder.
process.env.CITABOT_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'citabot-e2e-'));
const dataFolder = process.env.CITABOT_E2E_DATA;

export const siteDatabaseUrl = `sqlite://${join(dataFolder, 'citabot.db')}`;
export const proxyDatabaseUrl = `sqlite://${join(dataFolder, 'citabot-proxy.db')}`;
export const picturesDatabaseUrl = `sqlite://${join(dataFolder, 'citabot-pictures.db')}`;

export type Role = 'cliente' | 'usuario' | 'administrador';

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/**
 * Creates an account on the site server's database with the binary's own `citabot user add`,
 * the way an administrator adds staff. The demo accounts' passwords are random and only logged,
 * so specs that sign in as staff bring their own. The email is made unique per call. `database`
 * is the site server's unless another server's is named.
 */
export function addAccount(
  role: Role,
  firstName: string,
  lastName: string,
  database: string = siteDatabaseUrl,
): Account {
  const unique = `${String(Date.now())}-${String(Math.floor(Math.random() * 1e6))}`;
  const account: Account = {
    // ASCII only: a browser's email field refuses "tomás@…" before the form is sent.
    email: `${firstName.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}.${unique}@e2e.example`,
    password: `clave-segura-${unique}`,
    firstName,
    lastName,
    role,
  };
  execFileSync(
    binary,
    [
      'user',
      'add',
      '--role',
      role,
      '--email',
      account.email,
      '--first-name',
      firstName,
      '--last-name',
      lastName,
      '--password-stdin',
    ],
    {
      input: `${account.password}\n`,
      env: { ...process.env, CITABOT_DATABASE_URL: database, CITABOT_LOG_FILTER: 'warn' },
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  return account;
}
