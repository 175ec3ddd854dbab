import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { ADMIN_AREAS, areaForPath, canOpen, navigationFor, ruleForRoute } from "./permissions";

interface RouteEntry {
  file: string;
  path?: string;
  children?: RouteEntry[];
}

/** The route paths under the staff layout (the guarded ones), from app/routes.ts. */
function guardedRoutes(entries: RouteEntry[], guarded = false): string[] {
  return entries.flatMap((entry) => {
    const inside = guarded || entry.file === "routes/admin/layout.tsx";
    return [
      ...(inside && entry.path ? [entry.path] : []),
      ...guardedRoutes(entry.children ?? [], inside),
    ];
  });
}

const guarded = guardedRoutes(routes as RouteEntry[]);

describe("the staff permission table", () => {
  it("has exactly one rule for every guarded route", () => {
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const owners = ADMIN_AREAS.filter((rule) => rule.routes.includes(route));
      expect(
        owners.map((rule) => rule.area),
        route,
      ).toHaveLength(1);
    }
  });

  it("names no route that does not exist", () => {
    for (const rule of ADMIN_AREAS) {
      for (const route of rule.routes) expect(guarded, rule.area).toContain(route);
    }
  });

  it("lists only areas whose screens exist: each has a route, and links to one", () => {
    for (const rule of ADMIN_AREAS) {
      expect(rule.routes.length, rule.area).toBeGreaterThan(0);
      expect(rule.routes, rule.area).toContain(rule.path.replace(/^\//, ""));
    }
    const linked = [...navigationFor("admin"), ...navigationFor("editor")];
    for (const rule of linked) expect(guarded, rule.area).toContain(rule.path.slice(1));
  });

  it("shows each role exactly the areas it may open", () => {
    // The content areas, in the order both roles see them.
    const content = [
      "posts",
      "authors",
      "categories",
      "reviews",
      "redirects",
      "visualizer",
      "notFound",
      "qrCodes",
      "qrAnalytics",
    ];
    expect(navigationFor("admin").map((rule) => rule.area)).toEqual([
      "dashboard",
      "analytics",
      "leads",
      "affiliates",
      "payments",
      "giveaways",
      ...content,
      "settings",
      "staff",
      "mail",
      "audit",
    ]);
    expect(navigationFor("editor").map((rule) => rule.area)).toEqual(["dashboard", ...content]);
  });

  it("finds the rule by the matched route's pattern, with or without a leading slash", () => {
    expect(ruleForRoute("/admin/leads/:leadId")?.area).toBe("leads");
    expect(ruleForRoute("admin/leads/export")?.area).toBe("leads");
    expect(ruleForRoute("/admin/mail")?.area).toBe("mail");
    expect(ruleForRoute("/admin/affiliates/:affiliateId")?.area).toBe("affiliates");
    expect(ruleForRoute("/admin/payments/new")?.area).toBe("payments");
    expect(ruleForRoute("/admin/giveaways/:giveawayId/entries.csv")?.area).toBe("giveaways");
    expect(ruleForRoute("/admin/analytics/export.csv")?.area).toBe("analytics");
    expect(ruleForRoute("/admin/nothing-here")).toBeUndefined();
  });

  it("agrees with the navigation's path prefixes", () => {
    for (const rule of ADMIN_AREAS) {
      for (const route of rule.routes) {
        const samplePath = `/${route.replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000")}`;
        expect(areaForPath(samplePath)?.area, route).toBe(rule.area);
      }
    }
  });

  it("lets admins open everything and editors only their areas", () => {
    const leads = ruleForRoute("/admin/leads")!;
    const reviews = ruleForRoute("/admin/reviews")!;
    expect(canOpen("admin", leads)).toBe(true);
    expect(canOpen("editor", leads)).toBe(false);
    expect(canOpen("editor", reviews)).toBe(true);
  });
});
