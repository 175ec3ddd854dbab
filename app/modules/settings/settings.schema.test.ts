import { describe, expect, it } from "vitest";
import { acceptedSettingsForm, DEMO_PROFILE_FORM, postSettingsForm } from "./test-support";

const form = postSettingsForm;
const valueOf = acceptedSettingsForm;
const errorsOf = (fields: Parameters<typeof form>[0]) => {
  const submission = form(fields);
  return submission.status === "success" ? undefined : submission.error;
};
const profile = DEMO_PROFILE_FORM;

describe("the company profile form", () => {
  it("answers every invalid field beside it", () => {
    expect(
      errorsOf({
        ...profile,
        name: "  ",
        email: "not-an-address",
        latitude: "95",
        longitude: "east",
        phone: "12",
      }),
    ).toEqual({
      name: ["Enter the company name."],
      email: ["Enter an e-mail address like name@example.com."],
      latitude: ["Enter a number from -90 to 90."],
      longitude: ["Enter a number, like 42.5."],
      phone: ["Enter a phone number with its area code, like (617) 555-0142."],
    });
  });

  it("keeps a North American phone number in one form however it was typed", () => {
    for (const phone of ["617.555.0199", "+1 617 555 0199", "6175550199", "(617) 555-0199"]) {
      expect(valueOf({ ...profile, phone }), phone).toMatchObject({ phone: "(617) 555-0199" });
    }
    expect(valueOf({ ...profile, phone: "+44 20 7946 0958" })).toMatchObject({
      phone: "+44 20 7946 0958",
    });
  });

  it("treats empty fields as missing, with the same messages", () => {
    expect(
      errorsOf({ ...profile, name: "", phone: "", email: "", addressCountry: "", latitude: "" }),
    ).toEqual({
      name: ["Enter the company name."],
      phone: ["Enter the phone number."],
      email: ["Enter the company e-mail address."],
      addressCountry: ["Enter the two-letter country code, like US."],
      latitude: ["Enter a number."],
    });
  });

  it("reads the values the database keeps: numbers, upper-case country, lower-case e-mail", () => {
    expect(
      valueOf({
        ...profile,
        addressCountry: "us",
        email: " Hello@Lumen.Example ",
        latitude: "42.5",
      }),
    ).toMatchObject({ addressCountry: "US", email: "hello@lumen.example", latitude: 42.5 });
  });
});

describe("the opening hours form", () => {
  it("points at each bad row's field", () => {
    expect(
      errorsOf({
        intent: "hours",
        "openingHours[0].days": ["Monday", "Tuesday"],
        "openingHours[0].opens": "09:00",
        "openingHours[0].closes": "08:00",
        "openingHours[1].days": "Tuesday",
        "openingHours[1].opens": "9",
        "openingHours[1].closes": "17:00",
        "openingHours[2].opens": "10:00",
        "openingHours[2].closes": "12:00",
        "openingHours[3].opens": "",
        "openingHours[3].closes": "",
      }),
    ).toEqual({
      "openingHours[0].closes": ["The closing time must be after the opening time."],
      "openingHours[1].days": ["Tuesday is already in row 1."],
      "openingHours[1].opens": ["Enter the opening time, like 08:00."],
      "openingHours[2].days": ["Choose at least one day."],
    });
    expect(
      errorsOf({ intent: "hours", "openingHours[0].opens": "", "openingHours[0].closes": "" }),
    ).toEqual({
      openingHours: ["Enter the hours of at least one day."],
    });
  });

  it("turns filled rows into entries in week order and drops empty ones", () => {
    expect(
      valueOf({
        intent: "hours",
        "openingHours[0].days": "Sunday",
        "openingHours[0].opens": "12:00",
        "openingHours[0].closes": "16:00",
        "openingHours[1].opens": "",
        "openingHours[1].closes": "",
        "openingHours[2].days": ["Friday", "Monday", "Wednesday"],
        "openingHours[2].opens": "08:00",
        "openingHours[2].closes": "18:00",
      }),
    ).toMatchObject({
      openingHours: [
        { days: ["Monday", "Wednesday", "Friday"], opens: "08:00", closes: "18:00" },
        { days: ["Sunday"], opens: "12:00", closes: "16:00" },
      ],
    });
  });
});

describe("the other sections", () => {
  it("claims: decimals, whole numbers, ranges and the price range", () => {
    expect(
      errorsOf({
        intent: "claims",
        ratingValue: "4.85",
        ratingCount: "1,300",
        projectsCount: "12.5",
        foundedYear: "2999",
        priceRange: "cheap",
        serviceAreaLatitude: "42.36",
        serviceAreaLongitude: "-71.06",
        serviceRadiusMeters: "0",
      }),
    ).toEqual({
      ratingValue: ["Use at most 1 decimal place."],
      projectsCount: ["Enter a whole number."],
      foundedYear: [`Enter a number from 1800 to ${new Date().getFullYear()}.`],
      priceRange: ["Use one to four dollar signs, from $ to $$$$."],
      serviceRadiusMeters: ["Enter a number from 1 to 5,000,000."],
    });
  });

  it("claims: blank rating and projects figures make no claim; a rating needs its count", () => {
    const claims = {
      intent: "claims",
      foundedYear: "1997",
      priceRange: "$$",
      serviceAreaLatitude: "42.36",
      serviceAreaLongitude: "-71.06",
      serviceRadiusMeters: "300000",
    };
    expect(
      valueOf({ ...claims, ratingValue: "", ratingCount: " ", projectsCount: "" }),
    ).toMatchObject({ ratingValue: null, ratingCount: null, projectsCount: null });
    expect(errorsOf({ ...claims, ratingValue: "4.8", ratingCount: "" })).toEqual({
      ratingCount: ["Enter the rating and the number of ratings, or leave both blank."],
    });
  });

  it("links: full http(s) addresses only", () => {
    expect(
      errorsOf({
        intent: "links",
        financingUrl: "javascript:alert(1)",
        paymentsUrl: "https://pay.example.com/lumen",
        reviewUrl: "",
        facebookUrl: "https://facebook.example.com/lumenbath",
        instagramUrl: "https://instagram.example.com/lumenbath",
      }),
    ).toEqual({
      financingUrl: ["Enter a full address starting with https://."],
      reviewUrl: ["Enter an address starting with https://."],
    });
  });

  it("notification addresses: split, lower-cased, deduplicated; a bad one is named", () => {
    expect(
      valueOf({
        intent: "notifications",
        notificationEmails:
          "Leads@LumenBath.example\nsales@lumenbath.example, leads@lumenbath.example",
      }),
    ).toEqual({
      intent: "notifications",
      notificationEmails: ["leads@lumenbath.example", "sales@lumenbath.example"],
    });
    expect(valueOf({ intent: "notifications", notificationEmails: "" })).toEqual({
      intent: "notifications",
      notificationEmails: [],
    });
    expect(
      errorsOf({ intent: "notifications", notificationEmails: "ok@example.com\nnope" }),
    ).toEqual({ notificationEmails: ["Not an e-mail address: nope"] });
  });

  it("referral: may be empty, but not one of the form's own options", () => {
    expect(valueOf({ intent: "referral", referralByName: "" })).toEqual({
      intent: "referral",
      referralByName: "",
    });
    expect(errorsOf({ intent: "referral", referralByName: "Google" })).toEqual({
      referralByName: ["That is already one of the form's options: enter a person's name."],
    });
  });

  it("switches: an unticked box is not posted and reads as off", () => {
    expect(
      valueOf({ intent: "security", requireStaffTwoFactor: "on", analyticsRetentionMonths: "13" }),
    ).toEqual({
      intent: "security",
      botProtection: false,
      requireStaffTwoFactor: true,
      analyticsRetentionMonths: 13,
    });
  });

  it("analytics retention: whole months from 1 to 120", () => {
    const security = (months: string) => ({ intent: "security", analyticsRetentionMonths: months });
    expect(errorsOf(security("0"))).toEqual({
      analyticsRetentionMonths: ["Enter a number from 1 to 120."],
    });
    expect(errorsOf(security("121"))).toEqual({
      analyticsRetentionMonths: ["Enter a number from 1 to 120."],
    });
    expect(errorsOf(security("1.5"))).toEqual({
      analyticsRetentionMonths: ["Enter a whole number."],
    });
    expect(valueOf(security("120"))).toMatchObject({ analyticsRetentionMonths: 120 });
  });
});

describe("the webhook endpoint forms", () => {
  it("a new endpoint needs a full address", () => {
    expect(errorsOf({ intent: "webhook-create", url: "" })).toEqual({
      url: ["Enter an address starting with https://."],
    });
    expect(errorsOf({ intent: "webhook-create", url: "ftp://x" })).toEqual({
      url: ["Enter a full address starting with https://."],
    });
    expect(valueOf({ intent: "webhook-create", url: "https://hooks.example.com/x" })).toEqual({
      intent: "webhook-create",
      url: "https://hooks.example.com/x",
      description: "",
      enabled: false,
    });
  });

  it("an endpoint's buttons name an endpoint", () => {
    expect(valueOf({ intent: "webhook-test", endpointId: "7" })).toEqual({
      intent: "webhook-test",
      endpointId: 7,
    });
    for (const endpointId of ["", "0", "1.5", "x", "99999999999"]) {
      expect(errorsOf({ intent: "webhook-delete", endpointId })).toEqual({
        endpointId: ["Choose an endpoint."],
      });
    }
    expect(form({ intent: "webhook-launch", endpointId: "7" }).status).toBe("error");
  });
});
