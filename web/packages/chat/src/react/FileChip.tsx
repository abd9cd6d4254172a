import { useChatContext } from './context';
import { Icon } from './Icon';

export interface FileChipProps {
  file: File;
  /** Shows a remove button that calls this. */
  onRemove?: () => void;
}

/** How long a preview's object URL lives: long enough for the new window to load it. */
const PREVIEW_URL_LIFETIME = 60_000;

/**
 * A file as a chip: an icon for its type (document, audio, image, video) and its name. Clicking
 * it opens a preview in a new window; a pending file also has a remove button.
 */
export function FileChip({ file, onRemove }: FileChipProps) {
  const { t } = useChatContext().store;
  const kind = /^(audio|image|video)\//.exec(file.type)?.[1] ?? 'text';
  return (
    <div className="chat-file">
      <button
        type="button"
        className="chat-file-preview"
        aria-label={t('previewFile', { name: file.name })}
        onClick={() => {
          const url = URL.createObjectURL(file);
          window.open(url, '_blank', 'noopener');
          setTimeout(() => {
            URL.revokeObjectURL(url);
          }, PREVIEW_URL_LIFETIME);
        }}
      >
        <Icon name={`file-${kind}` as 'file-text'} size={16} />
        <span className="chat-file-name">{file.name}</span>
      </button>
      {onRemove && (
        <button
          type="button"
          className="chat-file-delete"
          aria-label={t('removeFile', { name: file.name })}
          onClick={onRemove}
        >
          <Icon name="close" size={14} />
        </button>
      )}
    </div>
  );
}
