/**
 * Entry of `dist/embed/chat-panel.js`, the part of the script-tag build that the launcher loads
 * on demand: React, the widget, and a `mount` function. It adds no global and renders nothing by
 * itself; it hands `mount` to the launcher through an event on its own `<script>` element
 * (see `contract.ts`). Its styles travel with the launcher, which owns the shadow root.
 */
import { flushSync } from 'react-dom';
import { mountChat } from '../mount';
import { PANEL_CONTRACT, PANEL_EVENT, type ChatPanel } from './contract';

const panel: ChatPanel = {
  contract: PANEL_CONTRACT,
  mount(options, target) {
    // A synchronous first render: the launcher swaps its button for the widget's in the same
    // task (no frame without a button), and the widget has started before queued calls replay.
    return flushSync(() => mountChat({ ...options, target }));
  },
};

document.currentScript?.dispatchEvent(new CustomEvent(PANEL_EVENT, { detail: panel }));
