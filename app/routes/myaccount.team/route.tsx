import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { kycStatusLabel, SIDE_LABELS, type SideId } from "#contract/constants";
import type { TeamMember, TeamPosition } from "#contract/team";
import { formatPoints, GeneralErrorBoundary } from "~/components/kit";
import { useLinkNavigation } from "~/components/link-navigation";
import { Pager } from "~/components/pager";
import { orderDate } from "~/utils/orders";
import { teamHref } from "./team-links";
import { loadTeam } from "./team.server";
import { useLang, useT } from "~/i18n/strings";

const TITLE = "My Team | Aarogya Herbals";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.strings?.[TITLE] ?? TITLE }, { name: "robots", content: "noindex, nofollow" }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return loadTeam(request);
}

type TeamData = Awaited<ReturnType<typeof loader>>;

const sideName = (position: string) => SIDE_LABELS[(position.endsWith("L") ? 1 : 2) as SideId];

/** The tree as nested lists: each position, then the two under it (Left, Right). */
interface TreeNode {
  position: TeamPosition;
  below: TreeNode[];
}
function treeOf(positions: readonly TeamPosition[], from = ""): TreeNode | null {
  const here = positions.find((p) => p.position === from);
  if (!here) return null;
  const below = [from + "L", from + "R"].map((p) => treeOf(positions, p)).filter((n): n is TreeNode => n !== null);
  return { position: here, below };
}

export default function TeamTab() {
  const data = useLoaderData<typeof loader>();
  const tree = treeOf(data.positions);
  const rootMember = data.positions[0]?.member;
  const t = useT();
  const navigate = useLinkNavigation();
  return (
    <>
      <h2 id="account-panel-title">{t("My Team")}</h2>
      {/* the tree's many links are plain ones with one handler for client-side navigation (link-navigation.ts) */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <nav aria-label={t("Team view")} className="team-nav" onClick={navigate}>
        {data.up ? <a href={teamHref(data.up === data.me ? null : data.up)}>{t("Up one level")}</a> : null}
        {data.root !== data.me ? <a href={teamHref(null)}>{t("Back to me")}</a> : null}
      </nav>
      <Form method="get" action="/myaccount/team" role="search" className="team-search">
        <label htmlFor="team-find">{t("Find a Sponsor ID in your team")}</label>
        <input id="team-find" name="find" autoCapitalize="characters" spellCheck={false} maxLength={20} required />
        <button type="submit" className="button button-secondary">
          {t("Find")}
        </button>
      </Form>
      <p className="team-month">{t("Business volume (BV) this month is for {{month}}; all time is since joining.", { month: data.month })}</p>
      {tree && rootMember ? (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
        <ul
          className="team-tree"
          aria-label={t("Team of {{name}} ({{id}}), three levels", { name: rootMember.name, id: rootMember.sponsor_id })}
          onClick={navigate}
        >
          <TreeItem node={tree} depth={0} parentActive />
        </ul>
      ) : null}
      {data.recruits ? <Recruits recruits={data.recruits} root={data.root === data.me ? null : data.root} /> : null}
    </>
  );
}

/** `parentActive`: whether the member above this position may sponsor (an inactive one may not). */
function TreeItem({ node, depth, parentActive }: { node: TreeNode; depth: number; parentActive: boolean }) {
  const { position, member } = { position: node.position, member: node.position.member };
  const t = useT();
  const side = position.position ? `${t(sideName(position.position))}: ` : "";
  return (
    <li className={member ? "team-position" : "team-position is-open"}>
      {member ? (
        <MemberCard member={member} side={side} />
      ) : (
        <p className="team-open">
          {side}
          {t("Open position.")}{" "}
          {parentActive ? (
            <a href={`/register?sponsor_id=${encodeURIComponent(position.parent_sponsor_id)}&side_id=${position.side_id ?? ""}`}>
              {t("Register a member here")}
              <span className="visually-hidden">
                {" "}
                ({t("{{side}} of {{parent}}", { side: t(sideName(position.position)), parent: position.parent_sponsor_id })})
              </span>
            </a>
          ) : (
            <>{t("{{id}} is inactive: no one can be registered here until they are active again.", { id: position.parent_sponsor_id })}</>
          )}
        </p>
      )}
      {node.below.length ? (
        <ul aria-label={t("Under {{id}}", { id: member?.sponsor_id ?? "" })}>
          {node.below.map((n) => (
            <TreeItem key={n.position.position} node={n} depth={depth + 1} parentActive={member?.active ?? false} />
          ))}
        </ul>
      ) : member && depth === 2 && member.left_team + member.right_team > 0 ? (
        <Expand sponsorId={member.sponsor_id} />
      ) : null}
    </li>
  );
}

function MemberCard({ member, side }: { member: TeamMember; side: string }) {
  const t = useT();
  const lang = useLang();
  const legs = (left: number | string, right: number | string) => t("Left {{left}}, Right {{right}}", { left, right });
  return (
    <div className="team-card">
      <p className="team-card-title">
        {side}
        <a href={teamHref(member.sponsor_id)}>{`${member.name} (${member.sponsor_id})`}</a>
      </p>
      <dl className="team-facts">
        <div>
          <dt>{t("Joined")}</dt>
          <dd>{orderDate(member.joined_at, lang)}</dd>
        </div>
        <div>
          <dt>{t("Status")}</dt>
          <dd>{member.active ? t("Active") : t("Inactive")}</dd>
        </div>
        <div>
          <dt>{t("KYC")}</dt>
          <dd>{t(kycStatusLabel(member.kyc_status))}</dd>
        </div>
        <div>
          <dt>{t("Team")}</dt>
          <dd>{legs(member.left_team, member.right_team)}</dd>
        </div>
        <div>
          <dt>{t("BV this month")}</dt>
          <dd>{legs(formatPoints(member.bv.left_month), formatPoints(member.bv.right_month))}</dd>
        </div>
        <div>
          <dt>{t("BV all time")}</dt>
          <dd>{legs(formatPoints(member.bv.left_total), formatPoints(member.bv.right_total))}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * With JavaScript the team below a member opens in place (the same loader, by a fetcher); without,
 * the link makes them the root. The fetcher is made when first opened: a view's bottom row has up
 * to four of these, and a fetcher's hooks cost every server render of the page.
 */
function Expand({ sponsorId }: { sponsorId: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const toggle = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setOpened(true);
    setOpen(!open);
  };
  const t = useT();
  return (
    <>
      <a href={teamHref(sponsorId)} onClick={toggle} aria-expanded={open} className="team-expand">
        {open ? t("Hide the team under {{id}}", { id: sponsorId }) : t("Show the team under {{id}}", { id: sponsorId })}
      </a>
      {opened ? <TeamBelow sponsorId={sponsorId} open={open} /> : null}
    </>
  );
}

/** The team under `sponsorId`, loaded once when first shown and kept while hidden. */
function TeamBelow({ sponsorId, open }: { sponsorId: string; open: boolean }) {
  const fetcher = useFetcher<TeamData>();
  const { load } = fetcher;
  const href = `${teamHref(sponsorId)}&expand=1`;
  useEffect(() => {
    void load(href);
  }, [load, href]);
  const t = useT();
  if (!open) return null;
  if (!fetcher.data) return <p aria-live="polite">{t("Loading…")}</p>;
  const below = treeOf(fetcher.data.positions);
  return below?.below.length ? (
    <ul aria-label={t("Under {{id}}", { id: sponsorId })}>
      {below.below.map((n) => (
        <TreeItem key={n.position.position} node={n} depth={1} parentActive={below.position.member?.active ?? false} />
      ))}
    </ul>
  ) : null;
}

function Recruits({ recruits, root }: { recruits: NonNullable<TeamData["recruits"]>; root: string | null }) {
  const t = useT();
  const lang = useLang();
  return (
    <section aria-labelledby="recruits-title" className="team-recruits">
      <h3 id="recruits-title">{t("Direct recruits")}</h3>
      {recruits.total === 0 ? (
        <p className="empty-state">{t("You have not recruited anyone yet.")}</p>
      ) : (
        <>
          <table className="cart-table orders-table">
            <caption className="visually-hidden">
              {recruits.pageCount > 1
                ? t("Members you recruited, newest first, page {{page}} of {{pages}}", { page: recruits.page, pages: recruits.pageCount })
                : t("Members you recruited, newest first")}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("Sponsor ID")}</th>
                <th scope="col">{t("Name")}</th>
                <th scope="col">{t("Joined")}</th>
                <th scope="col">{t("Leg")}</th>
                <th scope="col">{t("KYC")}</th>
              </tr>
            </thead>
            <tbody>
              {recruits.list.map((r) => (
                <tr key={r.sponsor_id}>
                  <td data-label={t("Sponsor ID")}>{r.sponsor_id}</td>
                  <td data-label={t("Name")}>{r.name}</td>
                  <td data-label={t("Joined")}>{orderDate(r.joined_at, lang)}</td>
                  <td data-label={t("Leg")}>{t(SIDE_LABELS[r.side_id as SideId] ?? "")}</td>
                  <td data-label={t("KYC")}>{t(kycStatusLabel(r.kyc_status))}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {recruits.pageCount > 1 ? (
            <Pager label="Direct recruits pages" page={recruits.page} pageCount={recruits.pageCount} href={(p) => teamHref(root, p)} />
          ) : null}
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
