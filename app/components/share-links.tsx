import type { ShareLink } from "~/utils/share-links";
import { Icon } from "./kit";

/** Share a product: the links the loader prepared (utils/share-links.ts). */
export function ShareLinks({ links }: { links: readonly ShareLink[] }) {
  return (
    <div className="share">
      <span className="share-label">Share:</span>
      <ul className="social-links">
        {links.map((l) => (
          <li key={l.label}>
            <a href={l.href} className="icon-button" target="_blank" rel="noopener noreferrer" aria-label={`Share on ${l.label} (opens in a new tab)`}>
              <Icon name={l.icon} />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
