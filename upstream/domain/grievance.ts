/**
 * The grievance officer and the clock of a complaint (Consumer Protection (E-Commerce) Rules,
 * 2020, r. 4(4) and 4(5)): the officer's name, designation and contact are published on the
 * site; a complaint is acknowledged within 48 hours and redressed within one month of its receipt.
 * Pure: no database, no Express.
 */

export interface GrievanceOfficer {
  name: string;
  designation: string;
  phone: string;
  email: string;
}

export const DEMO_GRIEVANCE_OFFICER: GrievanceOfficer = {
  name: "Meera Joshi",
  designation: "Grievance Officer",
  phone: "01334-239400",
  email: "grievance@aarogyaherbals.in",
};

/** The officer from configuration (GRIEVANCE_OFFICER_*); each unset value takes its demo default. */
export function resolveGrievanceOfficer(config: Partial<GrievanceOfficer>): GrievanceOfficer {
  const pick = (key: keyof GrievanceOfficer) => config[key]?.trim() || DEMO_GRIEVANCE_OFFICER[key];
  return { name: pick("name"), designation: pick("designation"), phone: pick("phone"), email: pick("email").toLowerCase() };
}

export const ACKNOWLEDGE_WITHIN_HOURS = 48;

/** One month from receipt, as the calendar counts it (31 January → 28 or 29 February). */
export function resolutionDueAt(receivedAt: Date): Date {
  const due = new Date(receivedAt);
  const day = due.getUTCDate();
  due.setUTCDate(1);
  due.setUTCMonth(due.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, lastDay));
  return due;
}

export type ComplaintStatus = "open" | "answered" | "closed";

export interface ComplaintClock {
  receivedAt: Date;
  /** when the acknowledgement went out (mailed at once on filing; null when the mail failed) */
  acknowledgedAt: Date | null;
  closedAt: Date | null;
}

/**
 * How a complaint stands against the two deadlines, as the operator's list shows it: its age,
 * and for each deadline met, due (with the time left) or overdue.
 */
export function complaintDeadlines(clock: ComplaintClock, now: Date) {
  const ackDue = new Date(clock.receivedAt.getTime() + ACKNOWLEDGE_WITHIN_HOURS * 3_600_000);
  const resolveDue = resolutionDueAt(clock.receivedAt);
  const standing = (done: Date | null, due: Date) =>
    done
      ? done <= due
        ? "met"
        : "late"
      : now <= due
        ? `due in ${duration(due.getTime() - now.getTime())}`
        : `OVERDUE by ${duration(now.getTime() - due.getTime())}`;
  return {
    age: duration(now.getTime() - clock.receivedAt.getTime()),
    acknowledgement: standing(clock.acknowledgedAt, ackDue),
    resolution: standing(clock.closedAt, resolveDue),
  };
}

/** "3d 4h", "5h 12m", "40m": enough to see at a glance how old a complaint is. */
export function duration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes % 60}m`;
  return `${minutes}m`;
}
