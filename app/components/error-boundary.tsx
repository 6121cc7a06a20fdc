import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useT } from "~/i18n/strings";

const byStatus: Record<number, { title: string; text: string }> = {
  403: { title: "Not allowed", text: "You are not allowed to do that. If a form had expired, reload the page and try again." },
  404: { title: "Page not found", text: "We could not find what you were looking for. It may have moved, or the address may be mistyped." },
  502: { title: "The shop is having trouble", text: "Our product service gave an unexpected answer. Please try again in a moment." },
  503: { title: "The shop is unavailable", text: "We cannot reach our product service right now. Please try again in a moment." },
  504: { title: "The shop is slow to answer", text: "Our product service took too long to answer. Please reload the page." },
};

/** One error page for every route, with a message per status and a way back. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const known = byStatus[status] ?? {
    title: "Something went wrong",
    text: "An unexpected error occurred. Please try again later.",
  };
  if (!isRouteErrorResponse(error)) console.error(error);
  const t = useT();
  return (
    <div className="container error-page">
      <p className="error-status">{t("Error {{status}}", { status })}</p>
      <h1>{t(known.title)}</h1>
      <p>{t(known.text)}</p>
      <p className="error-actions">
        <Link to="/" className="button">
          {t("Go to the home page")}
        </Link>
        <Link to="/shop" className="button button-secondary">
          {t("Browse products")}
        </Link>
        {status >= 500 ? (
          // an empty href reloads this very address, which is what "Try again" means
          // eslint-disable-next-line jsx-a11y/anchor-is-valid
          <a href="" className="button button-secondary">
            {t("Try again")}
          </a>
        ) : null}
      </p>
    </div>
  );
}
