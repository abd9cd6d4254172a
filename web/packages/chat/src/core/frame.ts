/**
 * Once-per-frame work for the store: a streamed reply can deliver hundreds of chunks per second,
 * but the screen shows at most one state per animation frame, so changes are batched to the next
 * frame. No React and no DOM beyond the browser's frame and timer functions.
 *
 * Animation frames do not run in a background tab (and not at all outside a browser), so a timer
 * races the frame: whichever comes first runs the work, and the other is cancelled. In a visible
 * tab the frame always wins; in a hidden one the (throttled) timer keeps the state moving.
 */

/** How long a batch may wait when no animation frame comes (a hidden tab). */
export const FRAME_FALLBACK_MS = 200;

/** Calls `callback` at most once per frame, however often `request` is called. */
export interface FrameBatcher {
  /** Asks for `callback` at the next frame (no-op when already asked). */
  request(): void;
  /** Runs `callback` now if a frame was asked for; the pending frame is cancelled. */
  flush(): void;
  /** Forgets a pending frame without running `callback`. */
  cancel(): void;
}

export function createFrameBatcher(callback: () => void): FrameBatcher {
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hasFrames = typeof requestAnimationFrame === 'function';

  function cancel(): void {
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    frame = timer = undefined;
  }

  function run(): void {
    if (frame === undefined && timer === undefined) return;
    cancel();
    callback();
  }

  return {
    request() {
      if (frame !== undefined || timer !== undefined) return;
      if (hasFrames) frame = requestAnimationFrame(run);
      timer = setTimeout(run, FRAME_FALLBACK_MS);
    },
    flush: run,
    cancel,
  };
}
