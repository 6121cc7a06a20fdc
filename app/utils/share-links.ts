/** A way to share a product: the network's name, its icon in the sprite, and the prepared address. */
export interface ShareLink {
  label: string;
  icon: "twitter" | "facebook" | "instagram" | "linkedin";
  href: string;
}

/**
 * The product's share links on Twitter, Facebook, Instagram and LinkedIn, made by the loader so
 * that the address templates stay out of the product page's JavaScript.
 */
export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: "Twitter", icon: "twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { label: "Facebook", icon: "facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    // Instagram has no share URL: it opens Instagram, where the link can be pasted
    { label: "Instagram", icon: "instagram", href: `https://www.instagram.com/?url=${u}` },
    { label: "LinkedIn", icon: "linkedin", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}
