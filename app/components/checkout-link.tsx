import { Link, useFetcher, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { RootLoader } from "~/root";
import type { action as loginAction } from "~/routes/login";
import { Icon, useHydrated } from "./kit";
import { useT } from "~/i18n/strings";

// zod, Conform and the login schema load only when an anonymous visitor heads for the pop-up
// (pointer or focus on the button starts the download; opening it renders the form)
const loadLoginForm = () => import("./login-form");
const LoginForm = lazy(() => loadLoginForm().then((module) => ({ default: module.LoginForm })));

/**
 * Checkout / Proceed to checkout. A member goes to /checkout. An anonymous visitor gets the login
 * pop-up (with JavaScript) and lands on /checkout after logging in; without JavaScript the same
 * button is a link to /login?redirectTo=/checkout, which ends in the same place.
 */
export function CheckoutLink({ children, className = "button" }: { children: string; className?: string }) {
  const root = useRouteLoaderData<RootLoader>("root");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<typeof loginAction>({ key: "login-popup" });
  const t = useT();

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  if (root?.user) {
    return (
      <Link to="/checkout" className={className}>
        {children}
      </Link>
    );
  }
  if (!hydrated) {
    return (
      <Link to="/login?redirectTo=%2Fcheckout" className={className}>
        {children}
      </Link>
    );
  }
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onPointerEnter={loadLoginForm} onFocus={loadLoginForm} onClick={() => setOpen(true)}>
        {children}
      </button>
      {open ? (
        <dialog ref={dialog} className="login-dialog" aria-labelledby="login-dialog-title" onClose={() => setOpen(false)}>
          <button type="button" className="icon-button dialog-close" aria-label={t("Close")} onClick={() => dialog.current?.close()}>
            <Icon name="close" />
          </button>
          <h2 id="login-dialog-title">{t("Login to check out")}</h2>
          <Suspense fallback={<p role="status">{t("Loading the login form…")}</p>}>
            <LoginForm id="login-popup" redirectTo="/checkout" lastResult={fetcher.data} pending={fetcher.state !== "idle"} FormComponent={fetcher.Form} />
          </Suspense>
        </dialog>
      ) : null}
    </>
  );
}
