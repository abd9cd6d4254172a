import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useChatContext } from './context';
import { FileChip } from './FileChip';
import { Icon } from './Icon';
import { useChatState } from './useChatState';

export interface ChatInputProps {
  /** Focus the text area when it appears (after the user started a conversation). */
  autoFocus?: boolean;
}

/** The text area stops growing here and scrolls. */
const MAX_TEXTAREA_HEIGHT = 480;

/**
 * The message text area, the attach button (with `allowFileUploads`), the send button, and the
 * chips of the files picked so far.
 *
 * Enter sends; Shift+Enter adds a line and Enter during IME composition confirms the
 * composition. ArrowUp on the first line and ArrowDown on the last line are reported as
 * `arrowKeyDown` (which recalls sent messages), Escape as `escapeKeyDown`, both with the current
 * text. Sending is disabled while the text is blank, while a reply is pending, and when the
 * widget is disabled; but always allowed while the live channel waits for an answer, and never
 * while a message blocks the input. The attach button is disabled while a reply is pending.
 * The host drives the field through the `focusInput`, `blurInput` and `setInputValue` events.
 */
export function ChatInput({ autoFocus = false }: ChatInputProps) {
  const { store } = useChatContext();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const waiting = useChatState(store, (state) => state.waitingForResponse);
  const answerReady = useChatState(store, (state) => state.waitingForChatResponse);
  const blocked = useChatState(store, (state) => state.blockUserInput);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const { t, options, events } = store;
  const canSend =
    !blocked && (answerReady || (text.trim() !== '' && !waiting && !options.disabled));

  useEffect(() => {
    const focus = () => textarea.current?.focus();
    const show = (value: string) => {
      setText(value);
      focus();
    };
    const offs = [
      events.on('focusInput', focus),
      events.on('blurInput', () => textarea.current?.blur()),
      events.on('setInputValue', show),
    ];
    // A request the host made before this input existed.
    const { request, release } = store.connectInput();
    if (request?.value !== undefined) show(request.value);
    else if (request) focus();
    return () => {
      for (const off of offs) off();
      release();
    };
  }, [events, store]);

  // Grow with the text up to the maximum height (a hidden text area measures 0: leave it be).
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = '';
    if (element.scrollHeight > 0) {
      element.style.height = `${String(Math.min(element.scrollHeight, MAX_TEXTAREA_HEIGHT))}px`;
    }
  }, [text]);

  const submit = () => {
    if (!canSend) return;
    setText('');
    setFiles([]);
    void store.sendMessage(text, files);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const { key, currentTarget: field } = event;
    const { value, selectionStart, selectionEnd } = field;
    if (key === 'Enter') {
      // Safari ends the composition before the confirming Enter's keydown, which then only shows
      // as keyCode 229; the deprecated field is the one reliable signal for it.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      const composing = event.nativeEvent.isComposing || event.keyCode === 229;
      if (event.shiftKey || composing) return;
      event.preventDefault();
      submit();
    } else if (key === 'Escape') {
      events.emit('escapeKeyDown', { currentInputValue: value });
    } else if (
      (key === 'ArrowUp' && !value.slice(0, selectionStart).includes('\n')) ||
      (key === 'ArrowDown' && !value.slice(selectionEnd).includes('\n'))
    ) {
      event.preventDefault();
      events.emit('arrowKeyDown', { key, currentInputValue: value });
    }
  };

  return (
    <form
      className="chat-input"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="chat-inputs">
        {options.allowFileUploads && (
          <div className="chat-input-left-panel">
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              accept={options.allowedFilesMimeTypes || undefined}
              onChange={(event) => {
                const picked = Array.from(event.currentTarget.files ?? []);
                event.currentTarget.value = '';
                setFiles((current) => [...current, ...picked]);
              }}
            />
            <button
              type="button"
              className="chat-input-file-button"
              aria-label={t('attachFiles')}
              disabled={waiting || options.disabled}
              onClick={() => picker.current?.click()}
            >
              <Icon name="paperclip" />
            </button>
          </div>
        )}
        <textarea
          ref={textarea}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('inputPlaceholder')}
          aria-label={t('inputPlaceholder')}
          disabled={options.disabled}
          rows={1}
          autoFocus={autoFocus}
        />
        <div className="chat-inputs-controls">
          <button
            type="submit"
            className="chat-input-send-button"
            aria-label={t('sendMessage')}
            disabled={!canSend}
          >
            <Icon name="send" />
          </button>
        </div>
      </div>
      {files.length > 0 && (
        <div className="chat-files">
          {files.map((file, index) => (
            <FileChip
              key={`${file.name}-${String(index)}`}
              file={file}
              onRemove={() => {
                setFiles((current) => current.filter(({ name }) => name !== file.name));
              }}
            />
          ))}
        </div>
      )}
    </form>
  );
}
