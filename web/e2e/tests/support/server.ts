/**
 * Where the end-to-end run's citabot servers live, shared by the Playwright config (which starts
 * them) and the specs (which add accounts to their database or read the mail they sent). Each run
 * gets fresh SQLite databases in a temporary folder, so it never touches `./data` or a server
 * started by `make run`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repository = resolve(import.meta.dirname, '../../../..');

export const sitePort = Number(process.env.CITABOT_E2E_PORT ?? 3917);
/** A second server in proxy mode, relaying to the fixture server (a stand-in n8n). */
export const proxyPort = Number(process.env.CITABOT_E2E_PROXY_PORT ?? 3919);
/** A third server that sends its mail through the SMTP sink: the mail spec's own. */
export const mailPort = Number(process.env.CITABOT_E2E_MAIL_PORT ?? 3920);
export const mailUrl = `http://127.0.0.1:${String(mailPort)}`;
/**
 * A third server for the salon's pictures (`pictures.spec.ts`): a logo and a hero are
 * site-wide, and the other specs, running at the same time, see the demo salon without them.
 */
export const picturesPort = Number(process.env.CITABOT_E2E_PICTURES_PORT ?? 3921);
/**
 * A fourth server for the visual baselines (`visual.spec.ts`): it holds only the demo salon and
 * what that spec writes, and its clock starts at `visualNow`.
 */
export const visualPort = Number(process.env.CITABOT_E2E_VISUAL_PORT ?? 3922);
/**
 * "Now" for the visual baselines, on the server (`CITABOT_CLOCK_START`, from which its clock runs
 * on) and in the browser (fixed): Tuesday 1 December 2026, 10:20 in Madrid, the salon open.
 */
export const visualNow = '2026-12-01T10:20:00+01:00';
/**
 * A fifth server in proxy mode whose workflow (the fixture server's `agent`) books through the
 * MCP tools, sending its mail through the SMTP sink: the workflow spec's own.
 */
export const workflowPort = Number(process.env.CITABOT_E2E_WORKFLOW_PORT ?? 3923);
export const workflowUrl = `http://127.0.0.1:${String(workflowPort)}`;
/** The demo server: the only one that writes the demo's week of citas and its reviews. */
export const demoPort = Number(process.env.CITABOT_E2E_DEMO_PORT ?? 3924);
export const demoUrl = `http://127.0.0.1:${String(demoPort)}`;
/** `CITABOT_E2E_BINARY` runs the suite against another build of the server. */
export const binary =
  process.env.CITABOT_E2E_BINARY ?? resolve(repository, 'target/release/citabot');

// Set once in the main process; workers inherit it, so every process agrees on the folder.
// One made here is the run's own, removed when the run ends (`removeRunData`).
if (process.env.CITABOT_E2E_DATA === undefined) {
  process.env.CITABOT_E2E_DATA = mkdtempSync(join(tmpdir(), 'citabot-e2e-'));
  process.env.CITABOT_E2E_DATA_MADE = process.env.CITABOT_E2E_DATA;
}
const dataFolder = process.env.CITABOT_E2E_DATA;

/** Removes the run's databases and sink folder, unless the folder was given from outside. */
export function removeRunData(): void {
  if (process.env.CITABOT_E2E_DATA_MADE === dataFolder) {
    rmSync(dataFolder, { recursive: true, force: true });
  }
}

export const siteDatabaseUrl = `sqlite://${join(dataFolder, 'citabot.db')}`;
export const proxyDatabaseUrl = `sqlite://${join(dataFolder, 'citabot-proxy.db')}`;
export const mailDatabaseUrl = `sqlite://${join(dataFolder, 'citabot-mail.db')}`;

/**
 * The SMTP sink the Rust mail tests use (`crates/citabot-server/tests/smtp/sink.py`, aiosmtpd),
 * run by the venv's Python that `make smtp-venv` builds (`CITABOT_TEST_SMTP_PYTHON` overrides
 * it, as for the Rust tests). It keeps each accepted message as a JSON file in `sinkFolder`.
 */
export const sinkPython =
  process.env.CITABOT_TEST_SMTP_PYTHON ?? resolve(repository, 'target/smtp-venv/bin/python3');
export const sinkScript = resolve(repository, 'crates/citabot-server/tests/smtp/sink.py');
export const sinkFolder = join(dataFolder, 'sink');
mkdirSync(sinkFolder, { recursive: true });

// Asked once, in the main process (workers inherit the answer): can the venv's Python run the
// sink? Without it the mail and workflow specs are skipped, unless CITABOT_TEST_SMTP=required (CI) makes that
// a failure, as for the Rust mail tests.
export const smtpMissing = `no aiosmtpd at ${sinkPython}: run \`make smtp-venv\``;
if (process.env.CITABOT_E2E_SMTP === undefined) {
  const ready = spawnSync(sinkPython, ['-c', 'import aiosmtpd'], { stdio: 'ignore' }).status === 0;
  if (!ready && process.env.CITABOT_TEST_SMTP === 'required') {
    throw new Error(`CITABOT_TEST_SMTP=required, but ${smtpMissing}`);
  }
  if (!ready) console.warn(`SKIPPING the mail and workflow specs: ${smtpMissing}`);
  process.env.CITABOT_E2E_SMTP = ready ? 'ready' : 'missing';
}
/** Whether the sink and the servers sending through it (mail, workflow) run in this run. */
export const smtpReady = process.env.CITABOT_E2E_SMTP === 'ready';
export const picturesDatabaseUrl = `sqlite://${join(dataFolder, 'citabot-pictures.db')}`;
export const visualDatabaseUrl = `sqlite://${join(dataFolder, 'citabot-visual.db')}`;
export const workflowDatabaseUrl = `sqlite://${join(dataFolder, 'citabot-workflow.db')}`;
export const demoDatabaseUrl = `sqlite://${join(dataFolder, 'citabot-demo.db')}`;

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
