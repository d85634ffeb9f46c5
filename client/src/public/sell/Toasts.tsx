import { useCallback, useEffect, useRef, useState } from 'react';

export type ToastTone = 'success' | 'error';

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

const DISMISS_AFTER_MS: Record<ToastTone, number> = { success: 8000, error: 15000 };

let toastCounter = 0;

export function useToasts() {
  const [toast, setToast] = useState<Toast | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const dismiss = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setToast(null);
  }, []);

  const show = useCallback((tone: ToastTone, message: string) => {
    if (timer.current) clearTimeout(timer.current);
    const id = (toastCounter += 1);
    setToast({ id, tone, message });
    timer.current = setTimeout(
      () => setToast((current) => (current?.id === id ? null : current)),
      DISMISS_AFTER_MS[tone],
    );
  }, []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { toast, show, dismiss };
}

/**
 * Both live regions are always in the page, so screen readers announce a message the moment it is
 * put in: successes politely, failures at once.
 */
export function Toasts({ toast, onDismiss }: { toast: Toast | null; onDismiss: () => void }) {
  const render = (tone: ToastTone) =>
    toast?.tone === tone ? (
      <div className={`sell-toast sell-toast--${tone}`} key={toast.id}>
        <p className="sell-toast__message">{toast.message}</p>
        <button
          type="button"
          className="sell-toast__close"
          onClick={onDismiss}
          aria-label="Dismiss notification"
        >
          ×
        </button>
      </div>
    ) : null;
  return (
    <div className="sell-toasts">
      <div role="status" aria-live="polite" aria-atomic="true">
        {render('success')}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {render('error')}
      </div>
    </div>
  );
}
