import { useState } from 'react';
import { isRecord } from '../core/json';
import { isWebhookOrigin } from '../core/payload';
import { useChatContext } from './context';
import { Markdown } from './Markdown';

/** The arguments of a `with-buttons` message. */
export interface MessageWithButtonsProps {
  /** The message text. */
  text?: unknown;
  /** `{text, link, type: 'primary' | 'secondary'}` entries. */
  buttons?: unknown;
  /** Whether the input is blocked until a button is used (read by the store). */
  blockUserInput?: unknown;
}

interface LinkButton {
  text: string;
  link: string;
  type?: unknown;
}

function isLinkButton(value: unknown): value is LinkButton {
  return isRecord(value) && typeof value.text === 'string' && typeof value.link === 'string';
}

/**
 * The built-in `with-buttons` component (n8n's approval buttons): the text (markdown), then one button per
 * entry whose link has the webhook's origin (others are not shown). A click requests the link;
 * once one succeeds, only that button remains, disabled.
 */
export function MessageWithButtons({ text, buttons }: MessageWithButtonsProps) {
  const { store } = useChatContext();
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = (Array.isArray(buttons) ? buttons : [])
    .filter(isLinkButton)
    .map((button, index) => ({ ...button, index }))
    .filter(({ link }) => isWebhookOrigin(link, store.options.webhookUrl))
    .filter(({ index }) => chosen === null || index === chosen);

  const use = async (link: string, index: number) => {
    setBusy(true);
    try {
      if ((await fetch(link)).ok) setChosen(index);
    } catch {
      // Not followed: the buttons stay available.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {typeof text === 'string' && <Markdown className="chat-message-markdown" source={text} />}
      {shown.length > 0 && (
        <div className="chat-message-buttons">
          {shown.map(({ text: label, link, type, index }) => (
            <button
              key={index}
              type="button"
              className={`chat-button chat-button-${type === 'secondary' ? 'secondary' : 'primary'}`}
              disabled={chosen !== null || busy}
              onClick={() => void use(link, index)}
            >
              {label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
