/**
 * The CommonMark 0.31.2 and GFM 0.29 spec examples (read from web/test-corpora at test time),
 * rendered through React into jsdom and compared with the spec's HTML.
 *
 * Left out, mechanically, and counted:
 * - raw HTML: examples of the "HTML blocks" and "Raw HTML" sections, and any example whose
 *   expected HTML contains a tag (or comment, declaration, processing instruction, CDATA) whose
 *   exact text also appears in the markdown, i.e. raw HTML the spec passes through and our rules
 *   turn into text;
 * - URL policy: examples whose expected HTML has an `href`/`src` our URL rules refuse (made-up
 *   schemes such as `a+b+c:d` or `irc:`), which we render as text on purpose.
 *
 * Normalisation before comparing: both sides parsed into DOM and serialised the same way, with
 * attributes sorted; outside `<pre>`, runs of whitespace collapse to one space and whitespace
 * next to block-level tags and after `<br>` is dropped; the `target`/`rel` we add to links and the
 * `disabled` we add to checkboxes and the `tabindex` that lets keyboards scroll code blocks and
 * tables are ignored.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, Fragment, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './document';
import { safeUrl } from './url';

interface Example {
  example: number;
  section: string;
  markdown: string;
  html: string;
}

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const corpora = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../test-corpora');

const RAW_SECTIONS = new Set(['HTML blocks', 'Raw HTML']);
const TAG =
  /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<![A-Za-z][^>]*>|<!\[CDATA\[[\s\S]*?\]\]>/g;
const BLOCK_TAGS = 'address|blockquote|div|h[1-6]|hr|li|ol|p|pre|table|tbody|td|th|thead|tr|ul';
const AROUND_BLOCK = new RegExp(`\\s*(</?(?:${BLOCK_TAGS})(?:\\s[^>]*)?>)\\s*`, 'g');

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Canonical serialisation of a DOM subtree (see the file comment). */
function canon(node: Node, inPre = false): string {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.nodeValue ?? '';
    return escapeText(inPre ? text : text.replace(/\s+/g, ' '));
  }
  if (!(node instanceof Element)) {
    return [...node.childNodes].map((child) => canon(child, inPre)).join('');
  }
  const tag = node.tagName.toLowerCase();
  const attrs = [...node.attributes]
    .filter(
      (a) =>
        !(tag === 'a' && (a.name === 'target' || a.name === 'rel')) &&
        !(tag === 'input' && a.name === 'disabled') &&
        !((tag === 'pre' || tag === 'table') && a.name === 'tabindex'),
    )
    .map((a) => `${a.name}="${escapeText(a.value).replace(/"/g, '&quot;')}"`)
    .sort();
  const open = `<${[tag, ...attrs].join(' ')}>`;
  if (['br', 'hr', 'img', 'input'].includes(tag)) return open;
  const pre = inPre || tag === 'pre';
  return `${open}${[...node.childNodes].map((child) => canon(child, pre)).join('')}</${tag}>`;
}

function normalise(html: string): string {
  return html
    .replace(AROUND_BLOCK, '$1')
    .replace(/<br>\s+/g, '<br>')
    .trim();
}

function expected(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  template.content.normalize();
  return normalise(canon(template.content));
}

function actual(markdown: string, gfm: boolean): string {
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() => {
    root.render(createElement(Fragment, null, renderMarkdown(markdown, { gfm })));
  });
  host.normalize();
  const html = normalise(canon(host));
  act(() => {
    root.unmount();
  });
  return html.replace(/^<div>|<\/div>$/g, '');
}

/** Why an example is left out, or undefined. */
function exclusion(e: Example): 'raw HTML' | 'URL policy' | undefined {
  if (RAW_SECTIONS.has(e.section)) return 'raw HTML';
  if ((e.html.match(TAG) ?? []).some((tag) => e.markdown.includes(tag))) return 'raw HTML';
  const template = document.createElement('template');
  template.innerHTML = e.html;
  const urls = [...template.content.querySelectorAll('a[href], img[src]')].map((el) =>
    el.tagName === 'A'
      ? safeUrl(el.getAttribute('href') ?? '', false)
      : safeUrl(el.getAttribute('src') ?? '', true),
  );
  return urls.includes(null) ? 'URL policy' : undefined;
}

function run(file: string, gfm: boolean) {
  const examples = JSON.parse(readFileSync(resolve(corpora, file), 'utf8')) as Example[];
  const excluded = new Map<string, number[]>();
  const failed: number[] = [];
  let passed = 0;
  for (const e of examples) {
    const why = exclusion(e);
    if (why) {
      excluded.set(why, [...(excluded.get(why) ?? []), e.example]);
      continue;
    }
    const got = actual(e.markdown, gfm);
    if (got === expected(e.html)) passed++;
    else {
      failed.push(e.example);
      if (process.env.SPEC_DEBUG)
        console.log(
          `#${String(e.example)} ${e.section}\n${JSON.stringify(e.markdown)}\nexp ${expected(e.html)}\ngot ${got}`,
        );
    }
  }
  const considered = examples.length - [...excluded.values()].flat().length;
  const rate = passed / considered;
  console.log(
    `${file} (gfm ${String(gfm)}): ${String(passed)}/${String(considered)} passed ` +
      `(${(rate * 100).toFixed(1)} %); excluded ${[...excluded]
        .map(([why, list]) => `${String(list.length)} for ${why}`)
        .join(', ')} of ${String(examples.length)}; failing: ${failed.join(' ')}`,
  );
  return { rate, examples, failed };
}

describe('spec examples', () => {
  it('passes at least 95 % of the CommonMark examples', () => {
    expect(run('commonmark-spec.json', false).rate).toBeGreaterThanOrEqual(0.95);
  }, 60_000);

  it('passes at least 95 % of the CommonMark examples with the GFM extensions on', () => {
    expect(run('commonmark-spec.json', true).rate).toBeGreaterThanOrEqual(0.95);
  }, 60_000);

  it('passes at least 95 % of the GFM examples', () => {
    const { rate, examples, failed } = run('gfm-spec.json', true);
    expect(rate).toBeGreaterThanOrEqual(0.95);
    // The extensions themselves (tables, strikethrough, task lists, autolinks) all pass.
    const extension = examples.filter(
      (e) =>
        (e as Example & { extension: string | null }).extension !== null &&
        exclusion(e) === undefined,
    );
    expect(extension.filter((e) => failed.includes(e.example))).toEqual([]);
  }, 60_000);
});
