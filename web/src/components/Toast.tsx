import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toastDurationMs } from '../config';
import './toast.css';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  kind?: ToastKind;
  durationMs?: number;
}

export interface ToastApi {
  show: (message: string, options?: ToastOptions) => number;
  success: (message: string) => number;
  error: (message: string) => number;
  warning: (message: string) => number;
  dismiss: (id: number) => void;
}

interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
  durationMs: number;
}

const ToastContext = createContext<ToastApi | null>(null);
const icons: Record<ToastKind, string> = { success: '✓', error: '!', warning: '!', info: 'i' };

function ToastMessage({ toast, onClose }: { toast: ToastItem; onClose: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onClose(toast.id), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.durationMs, onClose]);

  const urgent = toast.kind === 'error' || toast.kind === 'warning';
  return (
    <div className={`toast toast--${toast.kind}`} role={urgent ? 'alert' : 'status'}>
      <span className="toast__icon" aria-hidden="true">
        {icons[toast.kind]}
      </span>
      <p className="toast__message">{toast.message}</p>
      <button type="button" className="toast__close" aria-label="Close" onClick={() => onClose(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);

  const api = useMemo<ToastApi>(() => {
    const show = (message: string, { kind = 'info', durationMs }: ToastOptions = {}) => {
      const id = nextId.current++;
      const duration = durationMs ?? (kind === 'success' ? toastDurationMs.success : toastDurationMs.default);
      // A new toast replaces the one shown: an older message (an error that lasts longer) never sits over a newer one.
      setToasts([{ id, message, kind, durationMs: duration }]);
      return id;
    };
    return {
      show,
      success: (message) => show(message, { kind: 'success' }),
      error: (message) => show(message, { kind: 'error' }),
      warning: (message) => show(message, { kind: 'warning' }),
      dismiss,
    };
  }, [dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-stack" aria-live="polite">
        {toasts.map((toast) => (
          <ToastMessage key={toast.id} toast={toast} onClose={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside ToastProvider');
  return context;
}
