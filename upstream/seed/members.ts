import bcrypt from "bcryptjs";

/** The demo members. All share the password below; the README documents them. */
export const DEMO_PASSWORD = "demo1234";

export interface MemberSeed {
  sponsorCode: string;
  /** Placement: the Sponsor ID of the member this one sits under (null: the root of the tree) … */
  parentCode: string | null;
  /** … and on which side (1 Left, 2 Right). */
  sideId: number | null;
  /** Who recruited this member (the sponsor; may differ from the parent after spillover). */
  recruiterCode: string | null;
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  mobileNo: string;
  status: number;
  kycStatus: number;
  createdAt: string;
}

export const MEMBERS: readonly MemberSeed[] = [
  {
    sponsorCode: "AH100001",
    parentCode: null,
    sideId: null,
    recruiterCode: null,
    firstName: "Ravi",
    middleName: "Kumar",
    lastName: "Sharma",
    email: "ravi.sharma@example.com",
    mobileNo: "9812345670",
    status: 1,
    kycStatus: 1,
    createdAt: new Date("2026-01-05T04:30:00.000Z").toISOString(),
  },
  {
    sponsorCode: "AH100002",
    parentCode: "AH100001",
    sideId: 1,
    recruiterCode: "AH100001",
    firstName: "Anita",
    middleName: "",
    lastName: "Verma",
    email: "anita.verma@example.com",
    mobileNo: "8899001122",
    status: 1,
    kycStatus: 3,
    createdAt: new Date("2026-02-18T06:15:00.000Z").toISOString(),
  },
  {
    sponsorCode: "AH100003",
    parentCode: "AH100001",
    sideId: 2,
    recruiterCode: "AH100001",
    firstName: "Suresh",
    middleName: "",
    lastName: "Patel",
    email: "suresh.patel@example.com",
    mobileNo: "7043218765",
    status: 0,
    kycStatus: 1,
    createdAt: new Date("2026-03-09T09:45:00.000Z").toISOString(),
  },
];

export function crmLink(sponsorCode: string): string {
  return `https://business.aarogyaherbals.in/${sponsorCode}`;
}

export function hashPassword(password: string): string {
  return bcrypt.hashSync(password, 10);
}
