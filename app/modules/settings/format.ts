import type { OpeningHoursEntry, Weekday } from "~/db/schema/settings";

/** "tel:" link for a phone number as people write it: "(617) 555-0142" -> "tel:+16175550142". */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return national.length === 10 ? `tel:+1${national}` : `tel:${phone.replace(/[^\d+]/g, "")}`;
}

const SHORT_DAY: Record<Weekday, string> = {
  Monday: "Mon",
  Tuesday: "Tue",
  Wednesday: "Wed",
  Thursday: "Thu",
  Friday: "Fri",
  Saturday: "Sat",
  Sunday: "Sun",
};

/** "20:00" -> "8:00 PM" */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const suffix = hours >= 12 ? "PM" : "AM";
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

/** Days as a range when they follow each other: ["Monday", ..., "Friday"] -> "Mon-Fri". */
function formatDays(days: Weekday[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return "";
  return days.length === 1 ? SHORT_DAY[first] : `${SHORT_DAY[first]}-${SHORT_DAY[last]}`;
}

/** "Mon-Fri 8:00 AM-8:00 PM" */
export function formatOpeningHours(entry: OpeningHoursEntry): string {
  return `${formatDays(entry.days)} ${formatTime(entry.opens)}-${formatTime(entry.closes)}`;
}
