/**
 * A genuine review link for one of the demo server's completed citas, made exactly as the server
 * signs one (`crates/citabot-server/src/mail/token.rs`, `sign_review`): the payload
 * `<cita id>|<expiry, Unix seconds>` and an HMAC-SHA256 under the database's mail signing key
 * over `review`, a NUL and the payload, both base64url without padding. The key and a completed
 * cita without a review are read from the demo server's SQLite file with Python's stdlib
 * `sqlite3` (read-only), as nothing in the API hands out either.
 */
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { demoDatabaseUrl } from './server';

const READ_DEMO_DATABASE = `
import json, sqlite3, sys
db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
key = bytes(db.execute("SELECT key FROM mail_signing_key").fetchone()[0])
row = db.execute(
    "SELECT id FROM citas WHERE status = 'completada'"
    " AND id NOT IN (SELECT cita_id FROM reviews) ORDER BY start_at DESC LIMIT 1"
).fetchone()
print(json.dumps({"key": key.hex(), "cita": row[0] if row else None}))
`;

/** The key and a completed cita with no review yet, from the demo server's database. */
function readDemoDatabase(): { key: Buffer; citaId: string } {
  const file = demoDatabaseUrl.replace(/^sqlite:\/\//, '');
  const answer = JSON.parse(
    execFileSync('python3', ['-c', READ_DEMO_DATABASE, file], { encoding: 'utf8' }),
  ) as { key: string; cita: string | null };
  if (answer.cita === null) throw new Error('The demo server has no completed cita left to review');
  return { key: Buffer.from(answer.key, 'hex'), citaId: answer.cita };
}

/** The server's `sign_for("review", payload)`. */
export function signReviewToken(key: Buffer, citaId: string, expiresAt: Date): string {
  const payload = `${citaId}|${String(Math.floor(expiresAt.getTime() / 1000))}`;
  const mac = createHmac('sha256', key).update('review').update('\0').update(payload).digest();
  return `${Buffer.from(payload).toString('base64url')}.${mac.toString('base64url')}`;
}

/** A review link's token for a completed demo cita with no review, valid for a week. */
export function demoReviewToken(): string {
  const { key, citaId } = readDemoDatabase();
  return signReviewToken(key, citaId, new Date(Date.now() + 7 * 24 * 3600 * 1000));
}
