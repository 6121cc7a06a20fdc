import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { kycStatusLabel, SIDE_LABELS, type SideId } from "#contract/constants";
import type { TeamMember, TeamPosition } from "#contract/team";
import { GeneralErrorBoundary } from "~/components/kit";
import { Pager } from "~/components/pager";
import { orderDate } from "~/utils/orders";
import { teamHref } from "./team-links";
import { loadTeam } from "./team.server";

export const meta: MetaFunction = () => [{ title: "My Team | Aarogya Herbals" }, { name: "robots", content: "noindex, nofollow" }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return loadTeam(request);
}

type TeamData = Awaited<ReturnType<typeof loader>>;

const bv = (points: number) => points.toLocaleString("en-IN", { maximumFractionDigits: 2 });
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
  return (
    <>
      <h2 id="account-panel-title">My Team</h2>
      <nav aria-label="Team view" className="team-nav">
        {data.up ? <Link to={teamHref(data.up === data.me ? null : data.up)}>Up one level</Link> : null}
        {data.root !== data.me ? <Link to={teamHref(null)}>Back to me</Link> : null}
      </nav>
      <Form method="get" action="/myaccount/team" role="search" className="team-search">
        <label htmlFor="team-find">Find a Sponsor ID in your team</label>
        <input id="team-find" name="find" autoCapitalize="characters" spellCheck={false} maxLength={20} required />
        <button type="submit" className="button button-secondary">
          Find
        </button>
      </Form>
      <p className="team-month">Business volume (BV) this month is for {data.month}; all time is since joining.</p>
      {tree && rootMember ? (
        <ul className="team-tree" aria-label={`Team of ${rootMember.name} (${rootMember.sponsor_id}), three levels`}>
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
  const side = position.position ? `${sideName(position.position)}: ` : "";
  return (
    <li className={member ? "team-position" : "team-position is-open"}>
      {member ? (
        <MemberCard member={member} side={side} />
      ) : (
        <p className="team-open">
          {side}Open position.{" "}
          {parentActive ? (
            <Link to={`/register?sponsor_id=${encodeURIComponent(position.parent_sponsor_id)}&side_id=${position.side_id ?? ""}`}>
              Register a member here
              <span className="visually-hidden">
                {" "}
                ({sideName(position.position)} of {position.parent_sponsor_id})
              </span>
            </Link>
          ) : (
            <>{position.parent_sponsor_id} is inactive: no one can be registered here until they are active again.</>
          )}
        </p>
      )}
      {node.below.length ? (
        <ul aria-label={`Under ${member?.sponsor_id ?? ""}`}>
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
  return (
    <div className="team-card">
      <p className="team-card-title">
        {side}
        <Link to={teamHref(member.sponsor_id)}>
          {member.name} ({member.sponsor_id})
        </Link>
      </p>
      <dl className="team-facts">
        <div>
          <dt>Joined</dt>
          <dd>{orderDate(member.joined_at)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{member.active ? "Active" : "Inactive"}</dd>
        </div>
        <div>
          <dt>KYC</dt>
          <dd>{kycStatusLabel(member.kyc_status)}</dd>
        </div>
        <div>
          <dt>Team</dt>
          <dd>
            Left {member.left_team}, Right {member.right_team}
          </dd>
        </div>
        <div>
          <dt>BV this month</dt>
          <dd>
            Left {bv(member.bv.left_month)}, Right {bv(member.bv.right_month)}
          </dd>
        </div>
        <div>
          <dt>BV all time</dt>
          <dd>
            Left {bv(member.bv.left_total)}, Right {bv(member.bv.right_total)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** With JavaScript the team below a member opens in place (the same loader, by a fetcher); without, the link makes them the root. */
function Expand({ sponsorId }: { sponsorId: string }) {
  const fetcher = useFetcher<TeamData>();
  const [open, setOpen] = useState(false);
  const toggle = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (!open && !fetcher.data) fetcher.load(`${teamHref(sponsorId)}&expand=1`);
    setOpen(!open);
  };
  const below = open && fetcher.data ? treeOf(fetcher.data.positions) : null;
  return (
    <>
      <Link to={teamHref(sponsorId)} onClick={toggle} aria-expanded={open} className="team-expand">
        {open ? "Hide" : "Show"} the team under {sponsorId}
      </Link>
      {open && fetcher.state === "loading" ? <p aria-live="polite">Loading…</p> : null}
      {below?.below.length ? (
        <ul aria-label={`Under ${sponsorId}`}>
          {below.below.map((n) => (
            <TreeItem key={n.position.position} node={n} depth={1} parentActive={below.position.member?.active ?? false} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

function Recruits({ recruits, root }: { recruits: NonNullable<TeamData["recruits"]>; root: string | null }) {
  return (
    <section aria-labelledby="recruits-title" className="team-recruits">
      <h3 id="recruits-title">Direct recruits</h3>
      {recruits.total === 0 ? (
        <p className="empty-state">You have not recruited anyone yet.</p>
      ) : (
        <>
          <table className="cart-table orders-table">
            <caption className="visually-hidden">
              Members you recruited, newest first{recruits.pageCount > 1 ? `, page ${recruits.page} of ${recruits.pageCount}` : ""}
            </caption>
            <thead>
              <tr>
                <th scope="col">Sponsor ID</th>
                <th scope="col">Name</th>
                <th scope="col">Joined</th>
                <th scope="col">Leg</th>
                <th scope="col">KYC</th>
              </tr>
            </thead>
            <tbody>
              {recruits.list.map((r) => (
                <tr key={r.sponsor_id}>
                  <td data-label="Sponsor ID">{r.sponsor_id}</td>
                  <td data-label="Name">{r.name}</td>
                  <td data-label="Joined">{orderDate(r.joined_at)}</td>
                  <td data-label="Leg">{SIDE_LABELS[r.side_id as SideId] ?? ""}</td>
                  <td data-label="KYC">{kycStatusLabel(r.kyc_status)}</td>
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
