import { useNavigation } from "@remix-run/react";
import { useT } from "~/i18n/strings";

/** A thin bar at the top while a page is loading (JavaScript navigations). */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const t = useT();
  return (
    <div
      className={`progress-bar ${busy ? "is-busy" : ""}`}
      role="progressbar"
      aria-label={t("Page loading")}
      aria-hidden={!busy}
      aria-valuetext={busy ? t("Loading") : undefined}
    />
  );
}
