import { Icon } from "./kit";

/** Share a product on Twitter, Facebook, Instagram and LinkedIn with its shareable_url. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const links = [
    { label: "Twitter", icon: "twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { label: "Facebook", icon: "facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    // Instagram has no share URL: it opens Instagram, where the link can be pasted
    { label: "Instagram", icon: "instagram", href: `https://www.instagram.com/?url=${u}` },
    { label: "LinkedIn", icon: "linkedin", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ] as const;
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
