import type { ShareLink } from "~/utils/share-links";
import { Icon } from "./kit";
import { useT } from "~/i18n/strings";

/** Share a product: the links the loader prepared (utils/share-links.ts). */
export function ShareLinks({ links }: { links: readonly ShareLink[] }) {
  const t = useT();
  return (
    <div className="share">
      <span className="share-label">{t("Share:")}</span>
      <ul className="social-links">
        {links.map((l) => (
          <li key={l.label}>
            <a
              href={l.href}
              className="icon-button"
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("Share on {{network}} (opens in a new tab)", { network: t(l.label) })}
            >
              <Icon name={l.icon} />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
