/** The address of My Team with `root` (none: the member themself) and the recruits' `page`. */
export function teamHref(root: string | null, page = 1): string {
  const query = new URLSearchParams();
  if (root) query.set("root", root);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `/myaccount/team?${text}` : "/myaccount/team";
}
