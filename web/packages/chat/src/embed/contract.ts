/**
 * The contract between the launcher (`chat.js`) and the panel (`chat-panel.js`), the two files of
 * the script-tag build. They are built separately and served side by side, so a page that loaded
 * the launcher before a deploy may load the panel after it: everything they exchange is named
 * here and versioned by `PANEL_CONTRACT`.
 *
 * The panel announces itself with an event on its own `<script>` element instead of a global, so
 * two widgets of different versions on one page never see each other's panel.
 */
import type { ChatOptionsInput } from '../core/options';
import type { ChatHandle } from '../mount';

/** Bumped whenever `ChatPanel` changes incompatibly. */
export const PANEL_CONTRACT = 1;

/** The event the panel dispatches on its `<script>` element while it runs. */
export const PANEL_EVENT = 'citabot-chat:panel';

/** The panel file, next to the launcher. */
export const PANEL_FILE = 'chat-panel.js';

/** What the panel hands the launcher. */
export interface ChatPanel {
  contract: number;
  /**
   * Renders the widget into `target` (an element inside the launcher's shadow root) and returns
   * its handle. The first render, and the effects that start the widget, have run on return.
   */
  mount(options: ChatOptionsInput, target: Element): ChatHandle;
}
