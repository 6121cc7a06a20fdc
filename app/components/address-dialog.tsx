import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Icon } from "./kit";
import { useT } from "~/i18n/strings";

/**
 * The address form as a modal dialog (JavaScript only; without it the same URL, `?edit=ID` or
 * `?edit=new`, shows the form as the page). The native modal dialog keeps focus inside and closes
 * on Esc; closing goes back to `closeTo`, and the page then puts focus back on the control that
 * opened it (`useReturnFocus`).
 */
export function AddressDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const t = useT();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="address-dialog"
      aria-labelledby="address-dialog-title"
      onClose={() => navigate(closeTo, { preventScrollReset: true, replace: false })}
    >
      <button type="button" className="icon-button dialog-close" aria-label={t("Close")} onClick={() => dialog.current?.close()}>
        <Icon name="close" />
      </button>
      <h2 id="address-dialog-title">{title}</h2>
      {children}
    </dialog>
  );
}

/**
 * Puts focus back on the control that opened the dialog (`#${idPrefix}${key}`) once the dialog
 * for `key` has gone (closed, or the address saved).
 */
export function useReturnFocus(openKey: string | null, idPrefix: string) {
  const last = useRef<string | null>(openKey);
  useEffect(() => {
    if (openKey === null && last.current !== null) {
      document.getElementById(`${idPrefix}${last.current}`)?.focus();
    }
    last.current = openKey;
  }, [openKey, idPrefix]);
}
