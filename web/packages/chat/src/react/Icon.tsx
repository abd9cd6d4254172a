/** The names of the widget's icons. */
export type IconName =
  | 'chat'
  | 'bot'
  | 'chevron-down'
  | 'close'
  | 'send'
  | 'paperclip'
  | 'file-text'
  | 'file-image'
  | 'file-audio'
  | 'file-video'
  | 'repost'
  | 'reuse';

const FILE = 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zm0 0v5h5';

// Outlined shapes are stroked; the others are filled.
const shapes: Record<IconName, [d: string, stroked: boolean]> = {
  chat: [
    'M5 3h14a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3h-8l-5 4v-4H5a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3z',
    false,
  ],
  bot: [
    'M12 3v3M6 6h12a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V9a3 3 0 0 1 3-3zM9 11.5v1M15 11.5v1M9.5 15.5h5',
    true,
  ],
  'chevron-down': ['M6 9l6 6 6-6', true],
  close: ['M6 6l12 12M18 6L6 18', true],
  send: ['M3 20.5L21.5 12 3 3.5v6.6l12 1.9-12 1.9z', false],
  paperclip: [
    'M20 11.5l-7.6 7.6a5 5 0 0 1-7-7L13 4.5a3.3 3.3 0 0 1 4.7 4.7l-7.6 7.6a1.7 1.7 0 0 1-2.4-2.4L14.5 7.6',
    true,
  ],
  'file-text': [`${FILE}M9 13h6M9 17h6`, true],
  'file-image': [`${FILE}M8 18l3-4 2 2 3-4`, true],
  'file-audio': [`${FILE}M11 17.5V12l4-1v5.5M11 17.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0z`, true],
  'file-video': [`${FILE}M10 11.5v6l5-3z`, true],
  repost: ['M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13', true],
  reuse: ['M8 8h11v13H8zM16 8V3H5v13h3', true],
};

/** A decorative inline SVG icon; the control that holds it carries the label. */
export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  const [d, stroked] = shapes[name];
  return (
    <svg
      className={`chat-icon chat-icon-${name}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill={stroked ? 'none' : 'currentColor'}
        stroke={stroked ? 'currentColor' : undefined}
        strokeWidth={stroked ? 2 : undefined}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
