import { eq, sql } from "drizzle-orm";
import { insertAffiliate } from "~/modules/affiliates/affiliate-records.server";
import type { Actor } from "~/modules/audit/actor";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, leads, type Lead } from "~/db/schema";
import { insertLead } from "~/modules/webhooks/test-support.server";
import { getLeadDetail } from "./lead-detail.server";
import { exportLeads, leadsForExport } from "./lead-export.server";
import {
  leadFilterOptions,
  listLeads,
  parseCursor,
  parseLeadFilter,
  type LeadFilter,
} from "./lead-list.server";
import { CSV_BOM, LEAD_CSV_HEADER } from "./lead-csv";
import { staffLeadDatabaseForFile } from "./lead-test-fixtures";

const actor: Actor = {
  id: "staff-inbox-1",
  email: "sam@lumenbath.example",
  ip: "203.0.113.9",
};
const database = staffLeadDatabaseForFile(actor, "Sam Staff");
let harborId: string;
/** Leads of the paging test: source "TV", newest first as the inbox orders them. */
let tvLeads: Lead[] = [];
let zoe: Lead;

beforeAll(async () => {
  harborId = (await insertAffiliate(database.db, {
    code: "harbor-design",
    name: "Harbor Interior Design",
    email: "h@example.com",
    status: "approved",
  }))!;

  // 30 leads a minute apart, and three more sharing one instant (the id breaks the tie).
  const inserted: Lead[] = [];
  for (let i = 0; i < 30; i += 1) {
    inserted.push(
      await insertLead(database.db, {
        source: "TV",
        createdAt: new Date(Date.UTC(2026, 9, 1, 12, i)),
      }),
    );
  }
  for (let i = 0; i < 3; i += 1) {
    inserted.push(
      await insertLead(database.db, {
        source: "TV",
        createdAt: new Date(Date.UTC(2026, 9, 1, 12, 15)),
      }),
    );
  }
  tvLeads = inserted.sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
  );

  zoe = await insertLead(database.db, {
    firstName: "Zoë",
    lastName: "O'Brien",
    email: "zoe.obrien@example.com",
    phone: "+16175550199",
    source: "Facebook",
    status: "contacted",
    affiliateCode: "harbor-design",
    affiliateId: harborId,
    tracking: { utm_source: "facebook", utm_medium: "paid", utm_campaign: "spring" },
    createdAt: new Date("2026-11-10T05:00:00Z"), // midnight, November 10, New York
  });
  await insertLead(database.db, {
    firstName: "Late",
    lastName: "Evening",
    source: "Google",
    affiliateCode: "paused-code",
    createdAt: new Date("2026-11-10T04:59:59Z"), // 23:59:59, November 9, New York
  });
  await insertLead(database.db, {
    firstName: "Percent",
    lastName: "Sign_100%",
    source: "Google",
    createdAt: new Date("2026-11-11T04:59:59.999Z"), // the last moment of November 10
  });
});

const filterOf = (query: string): LeadFilter => {
  const { filter, errors } = parseLeadFilter(new URLSearchParams(query));
  expect(errors).toEqual({});
  return filter;
};

const names = async (query: string) =>
  (await listLeads(database.db, filterOf(query))).leads.map((lead) => lead.lastName).sort();

describe("the inbox list", () => {
  it("pages by (created_at, id), newest first, 25 at a time, without gaps or repeats", async () => {
    const filter = filterOf("source=TV");
    const first = await listLeads(database.db, filter);
    expect(first.total).toBe(33);
    expect(first.leads).toHaveLength(25);
    expect(first.nextCursor).not.toBeNull();
    const second = await listLeads(database.db, filter, parseCursor(first.nextCursor));
    expect(second.leads).toHaveLength(8);
    expect(second.nextCursor).toBeNull();
    expect([...first.leads, ...second.leads].map((lead) => lead.id)).toEqual(
      tvLeads.map((lead) => lead.id),
    );
  });

  it("keeps microseconds in its cursor, so rows a microsecond apart are not skipped", async () => {
    const early = await insertLead(database.db, { source: "Radio" });
    const late = await insertLead(database.db, { source: "Radio" });
    await database.db
      .update(leads)
      .set({ createdAt: sql`'2026-09-01T10:00:00.123456Z'::timestamptz` })
      .where(eq(leads.id, early.id));
    await database.db
      .update(leads)
      .set({ createdAt: sql`'2026-09-01T10:00:00.123457Z'::timestamptz` })
      .where(eq(leads.id, late.id));
    const filter = filterOf("source=Radio");
    const one = await listLeads(database.db, filter, undefined, 1);
    expect(one.leads.map((lead) => lead.id)).toEqual([late.id]);
    expect(one.nextCursor).toContain(".123457Z~");
    const two = await listLeads(database.db, filter, parseCursor(one.nextCursor), 1);
    expect(two.leads.map((lead) => lead.id)).toEqual([early.id]);
    expect(two.nextCursor).toBeNull();
  });

  it("filters by status, source and affiliate", async () => {
    expect(await names("status=contacted")).toEqual(["O'Brien"]);
    expect(await names("source=Google")).toEqual(["Evening", "Sign_100%"]);
    expect(await names(`affiliate=${harborId}`)).toEqual(["O'Brien"]);
    expect(await names("affiliate=any")).toEqual(["Evening", "O'Brien"]);
    expect((await listLeads(database.db, filterOf("affiliate=none"))).total).toBe(36);
  });

  it("filters by days in New York time, both ends included", async () => {
    expect(await names("from=2026-11-10&to=2026-11-10")).toEqual(["O'Brien", "Sign_100%"]);
    expect(await names("from=2026-11-09&to=2026-11-09")).toEqual(["Evening"]);
    expect(await names("from=2026-11-11")).toEqual([]);
    expect((await listLeads(database.db, filterOf("to=2026-10-31"))).total).toBe(35);
  });

  it("searches names, e-mail addresses and phone numbers as typed", async () => {
    expect(await names("q=o'brien")).toEqual(["O'Brien"]);
    expect(await names("q=ZOË")).toEqual(["O'Brien"]);
    expect(await names("q=zoë o'b")).toEqual(["O'Brien"]);
    expect(await names("q=obrien@EXAMPLE")).toEqual(["O'Brien"]);
    expect(await names("q=(617) 555-0199")).toEqual(["O'Brien"]);
    expect(await names("q=%2B16175550199")).toEqual(["O'Brien"]);
    // LIKE's wildcards are searched for as themselves.
    expect(await names("q=100%25")).toEqual(["Sign_100%"]);
    expect(await names("q=_")).toEqual(["Sign_100%"]);
    expect(await names("q=status=won")).toEqual([]);
  });

  it("combines filters", async () => {
    expect(await names("source=Facebook&status=contacted&q=zoe&from=2026-11-01")).toEqual([
      "O'Brien",
    ]);
    expect(await names("source=Facebook&status=new")).toEqual([]);
  });

  it("offers the form's sources and any older ones found on leads", async () => {
    await insertLead(database.db, { source: "Billboard (old option)" });
    const options = await leadFilterOptions(database.db, "Dana Whitfield");
    expect(options.sources.slice(0, 3)).toEqual(["Referral", "Google", "Facebook"]);
    expect(options.sources).toContain("Dana Whitfield");
    expect(options.sources.at(-1)).toBe("Billboard (old option)");
    expect(options.affiliates).toEqual([
      { id: harborId, name: "Harbor Interior Design", code: "harbor-design" },
    ]);
  });
});

describe("the lead's page", () => {
  it("has every field, the affiliate and the attribution", async () => {
    const detail = await getLeadDetail(database.db, zoe.id);
    expect(detail?.lead).toMatchObject({ firstName: "Zoë", tracking: { utm_campaign: "spring" } });
    expect(detail?.affiliate).toMatchObject({
      name: "Harbor Interior Design",
      code: "harbor-design",
    });
    expect(detail?.deliveries).toEqual([]);
    expect(detail?.restoredFrom).toBeNull();
    expect(await getLeadDetail(database.db, "nope")).toBeUndefined();
  });
});

describe("the CSV export", () => {
  /** A small RFC 4180 reader, enough to check what a spreadsheet would see. */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = "";
    let quoted = false;
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i];
      if (quoted) {
        if (char === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (char === '"') quoted = false;
        else cell += char;
      } else if (char === '"') quoted = true;
      else if (char === ",") {
        row.push(cell);
        cell = "";
      } else if (char === "\r" && text[i + 1] === "\n") {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = "";
        i += 1;
      } else cell += char;
    }
    expect(cell).toBe("");
    return rows;
  }

  it("exports the filtered leads, quoted, with formulas defused, and audits it", async () => {
    const tricky = await insertLead(database.db, {
      firstName: '=HYPERLINK("http://evil.example","click")',
      lastName: 'Smith, "Jr"',
      email: "tricky@example.com",
      source: "Other",
      otherSource: "@home show\nbooth 12",
      status: "lost",
      lostReason: "-10% was not enough",
      tracking: { utm_source: "+cmd", utm_medium: "email", utm_campaign: "fall, 2026" },
      createdAt: new Date("2026-11-15T17:30:00Z"),
    });
    await insertLead(database.db, { source: "Other", otherSource: "Flyer", status: "new" });

    const { csv, rows } = await exportLeads(
      database.db,
      actor,
      filterOf("source=Other&status=lost"),
    );
    expect(rows).toBe(1);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const [header, ...body] = parseCsv(csv.slice(CSV_BOM.length));
    expect(header).toEqual([...LEAD_CSV_HEADER]);
    expect(body).toEqual([
      [
        "2026-11-15 12:30",
        "Lost",
        `'=HYPERLINK("http://evil.example","click")`,
        'Smith, "Jr"',
        "tricky@example.com",
        "(617) 555-0142",
        "Bathroom Remodeling",
        "Home",
        "Other",
        "'@home show\nbooth 12",
        "",
        "'+cmd",
        "email",
        "fall, 2026",
        "",
        "'-10% was not enough",
      ],
    ]);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")","Smith, ""Jr"""`);

    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "leads.export"));
    expect(audit).toMatchObject({
      actorId: actor.id,
      actorEmail: actor.email,
      ipAddress: actor.ip,
      details: { filter: { source: "Other", status: "lost" }, rows: 1 },
    });
    expect(tricky.id).toBeTruthy();
  });

  it("reads every page, not only the first", async () => {
    const seen: string[] = [];
    for await (const lead of leadsForExport(database.db, filterOf("source=TV"), 10)) {
      seen.push(lead.id);
    }
    expect(seen).toEqual(tvLeads.map((lead) => lead.id));
    const { rows, csv } = await exportLeads(database.db, actor, filterOf("source=TV"));
    expect(rows).toBe(33);
    expect(csv.split("\r\n")).toHaveLength(35); // header, 33 rows, the empty end
  });
});
