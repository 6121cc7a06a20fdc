import { useEffect, useState } from "react";
import { useT } from "~/i18n/strings";

const TOAST_MS = 3000;

interface ToastMessage {
  type: "success" | "error" | "info";
  message: string;
}

/**
 * The flashed toast, in the server HTML (so it shows without JavaScript). With JavaScript it
 * closes after 3000 ms or on a click. `id` changes for every new toast.
 */
export function Toaster({ toast, id }: { toast: ToastMessage | null; id: string }) {
  const [open, setOpen] = useState(true);
  const t = useT();
  useEffect(() => {
    setOpen(true);
    if (!toast) return;
    const timer = window.setTimeout(() => setOpen(false), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast, id]);

  return (
    <div className="toaster" role={toast?.type === "error" ? "alert" : "status"} aria-live={toast?.type === "error" ? "assertive" : "polite"}>
      {toast && open ? (
        <div className={`toast toast-${toast.type}`}>
          <p>{toast.message}</p>
          <button type="button" className="toast-close" onClick={() => setOpen(false)} aria-label={t("Close message")}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
