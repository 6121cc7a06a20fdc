import { useNavigation } from "@remix-run/react";

/** A thin bar at the top while a page is loading (JavaScript navigations). */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      className={`progress-bar ${busy ? "is-busy" : ""}`}
      role="progressbar"
      aria-label="Page loading"
      aria-hidden={!busy}
      aria-valuetext={busy ? "Loading" : undefined}
    />
  );
}
