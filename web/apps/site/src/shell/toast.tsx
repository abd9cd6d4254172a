/**
 * The site's toasts (REQUIREMENTS S2) on Radix Toast: a provider that keeps the open toasts and
 * renders them in one labelled viewport, and `useToast` to raise one from anywhere below it. API
 * failures reach people through `error`, as destructive toasts with the server's Spanish message;
 * `warning` is for something that went through but needs the person's attention (the server's
 * Spanish sentence), with a warning look, not an error's. A success or a warning closes the error
 * toasts still open: they are about an attempt that has since gone through.
 */
import * as RadixToast from '@radix-ui/react-toast';
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { errorMessage } from '../api/http';

/** What a toast says and offers. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'warning' | 'destructive';
  /** One action; `altText` tells screen-reader users how to do it without the toast. */
  action?: { label: string; altText: string; onClick: () => void };
}

interface ToastApi {
  toast: (t: ToastInput) => void;
  /** A destructive toast for a failed call, described by `errorMessage`. */
  error: (cause: unknown, title?: string) => void;
  /** A warning toast saying `description` (after a success it qualifies). */
  warning: (description: string, title?: string) => void;
}

interface OpenToast extends ToastInput {
  id: number;
}

const ToastContext = createContext<ToastApi | null>(null);

/** How long a toast stays, unless hovered or focused (Radix pauses it then). */
export const TOAST_DURATION_MS = 5000;
/** A warning is a sentence to read and maybe act on: it stays twice as long. */
export const WARNING_DURATION_MS = 2 * TOAST_DURATION_MS;

/** Holds the site's toasts; render it once, around everything that may raise one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<OpenToast[]>([]);
  const nextId = useRef(0);

  const toast = useCallback((input: ToastInput) => {
    if (input.action?.altText.trim() === '') {
      // Without altText the action is out of reach for screen-reader users (Radix's rule).
      throw new Error('Un aviso con acción necesita un altText que no esté vacío.');
    }
    const id = nextId.current++;
    // Something that went through makes the errors before it stale ("Cuenta creada" must not
    // stand beside the failure of the attempt before): it takes their place.
    const staleErrorsGo = input.variant !== 'destructive';
    setToasts((open) => [
      ...(staleErrorsGo ? open.filter((t) => t.variant !== 'destructive') : open),
      { ...input, id },
    ]);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      toast,
      error: (cause, title = 'Algo ha fallado') => {
        toast({ title, description: errorMessage(cause), variant: 'destructive' });
      },
      warning: (description, title = 'Atención') => {
        toast({ title, description, variant: 'warning' });
      },
    }),
    [toast],
  );

  function dismiss(id: number) {
    setToasts((open) => open.filter((t) => t.id !== id));
  }

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider
        duration={TOAST_DURATION_MS}
        swipeDirection="right"
        swipeThreshold={50}
        label="Notificación"
      >
        {children}
        {toasts.map((t) => (
          <ToastItem
            key={t.id}
            toast={t}
            onClose={() => {
              dismiss(t.id);
            }}
          />
        ))}
        <RadixToast.Viewport
          className="toast-viewport"
          hotkey={['F8']}
          label="Notificaciones ({hotkey})"
        />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onClose }: { toast: OpenToast; onClose: () => void }) {
  const variant = toast.variant ?? 'default';
  return (
    <RadixToast.Root
      className="toast"
      data-variant={variant}
      // Failures and warnings interrupt screen readers; everything else waits its turn.
      type={variant === 'default' ? 'background' : 'foreground'}
      duration={variant === 'warning' ? WARNING_DURATION_MS : undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <RadixToast.Title className="toast-title">{toast.title}</RadixToast.Title>
      {toast.description && (
        <RadixToast.Description className="toast-description">
          {toast.description}
        </RadixToast.Description>
      )}
      {toast.action && (
        <RadixToast.Action
          className="button button-secondary toast-action"
          altText={toast.action.altText}
          onClick={toast.action.onClick}
        >
          {toast.action.label}
        </RadixToast.Action>
      )}
      <RadixToast.Close className="toast-close" aria-label="Cerrar">
        <span aria-hidden="true">×</span>
      </RadixToast.Close>
    </RadixToast.Root>
  );
}

/** Raises toasts; only inside `ToastProvider`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider above it');
  return api;
}
