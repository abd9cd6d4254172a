/**
 * What the SMTP sink received (`sink.py`, started by the Playwright config beside the mail
 * server): one JSON file per accepted message, renamed into place only when complete, with the
 * envelope and each part decoded by Python's `email` package.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { sinkFolder } from './server';

export interface ReceivedPart {
  type: string;
  params?: Record<string, string>;
  filename?: string | null;
  /** Decoded; absent for multipart containers. */
  content?: string;
}

/** One message as the sink keeps it. */
export interface Received {
  mail_from: string;
  rcpt_tos: string[];
  subject: string;
  from: string;
  to: string;
  message_id: string;
  parts: ReceivedPart[];
}

/** Every message the sink has accepted so far, in the order accepted. */
export function received(): Received[] {
  return readdirSync(sinkFolder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(sinkFolder, name), 'utf8')) as Received);
}

/** The messages to `address`, in the order accepted. */
export function receivedBy(address: string): Received[] {
  return received().filter((mail) => mail.rcpt_tos.includes(address));
}

/**
 * Waits until the sink has accepted a message to `address` whose subject matches `subject`, and
 * returns it. The server's sender delivers in the background, woken by the write that queued the
 * message; polling with a deadline waits only as long as that takes.
 */
export async function mailTo(address: string, subject: RegExp): Promise<Received> {
  let found: Received | undefined;
  await expect
    .poll(
      () => {
        found = receivedBy(address).find((mail) => subject.test(mail.subject));
        return found !== undefined;
      },
      {
        message: `a message to ${address} with the subject ${String(subject)}`,
        timeout: 20_000,
        intervals: [100, 250],
      },
    )
    .toBe(true);
  if (found === undefined) throw new Error('unreachable: the poll found it');
  return found;
}

/** The decoded content of the message's first part of `type` (`text/plain`, `text/calendar`). */
export function part(mail: Received, type: string): ReceivedPart {
  const found = mail.parts.find((each) => each.type === type);
  if (found?.content === undefined) throw new Error(`no ${type} part in «${mail.subject}»`);
  return found;
}

/** A calendar file's value of `name` (`METHOD`, `UID`, `SEQUENCE`…). */
export function icsField(ics: string, name: string): string | undefined {
  const prefix = `${name}:`;
  return ics
    .split(/\r?\n/)
    .find((line) => line.startsWith(prefix))
    ?.slice(prefix.length);
}
