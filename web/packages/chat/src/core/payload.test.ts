import { describe, expect, it } from 'vitest';
import { blocksInput, botPayload, isWebhookOrigin } from './payload';

const buttons = {
  type: 'with-buttons',
  text: 'Approve?',
  buttons: [{ text: 'Yes', link: 'https://n8n.example/webhook-waiting/1', type: 'primary' }],
  blockUserInput: true,
};

describe('n8n utils/utils.spec', () => {
  it('non-JSON → {id, sender: bot, text}', () => {
    expect(botPayload('1', 'hello', true)).toEqual({
      id: '1',
      type: 'text',
      sender: 'bot',
      text: 'hello',
    });
  });

  it("{type:'message', text:'hi'} → text 'hi'", () => {
    expect(botPayload('1', '{"type":"message","text":"hi"}', true)).toMatchObject({ text: 'hi' });
  });

  it('message frame whose text is a with-buttons JSON string → rendered verbatim as text', () => {
    const frame = JSON.stringify({ type: 'message', text: JSON.stringify(buttons) });
    expect(botPayload('1', frame, true)).toMatchObject({
      type: 'text',
      text: JSON.stringify(buttons),
    });
  });

  it('with-buttons JSON → component message {key: with-buttons, arguments: {text, buttons, blockUserInput}}', () => {
    expect(botPayload('1', JSON.stringify(buttons), true)).toEqual({
      id: '1',
      type: 'component',
      sender: 'bot',
      key: 'with-buttons',
      arguments: { text: 'Approve?', buttons: buttons.buttons, blockUserInput: true },
    });
  });

  it('shouldBlockUserInput true/false for with-buttons per flag, false for text messages', () => {
    expect(blocksInput(botPayload('1', JSON.stringify(buttons), true))).toBe(true);
    expect(
      blocksInput(botPayload('1', JSON.stringify({ ...buttons, blockUserInput: false }), true)),
    ).toBe(false);
    expect(blocksInput(botPayload('1', 'text', true))).toBe(false);
  });

  it('a completed streamed run unwraps with-buttons only (message JSON stays raw)', () => {
    expect(botPayload('1', '{"type":"message","text":"hi"}', false)).toMatchObject({
      text: '{"type":"message","text":"hi"}',
    });
    expect(botPayload('1', JSON.stringify(buttons), false)).toMatchObject({ type: 'component' });
  });
});

describe('webhook-origin rule for button links', () => {
  it('accepts links on the webhook origin only, relative links resolving against the page', () => {
    const webhook = 'https://webhook.example.com/webhook/123/chat';
    expect(isWebhookOrigin('https://webhook.example.com/webhook/123/approve', webhook)).toBe(true);
    expect(isWebhookOrigin('/approve', webhook)).toBe(false);
    expect(isWebhookOrigin('https://evil.example.com/webhook/123/approve', webhook)).toBe(false);
    expect(isWebhookOrigin('https://webhook.example.com:8443/x', webhook)).toBe(false);
    expect(isWebhookOrigin('http://[bad', webhook)).toBe(false);
    // A relative webhook URL is the page's origin, and so are relative links.
    expect(isWebhookOrigin('/webhook-waiting/1', '/api/n8n/chat')).toBe(true);
  });
});
