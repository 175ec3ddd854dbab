import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { instant, instantNow, outboxColumns, outboxDueIndex, randomUuidId } from "./columns";

export type MailStatus = "queued" | "sending" | "sent" | "kept" | "failed";

/**
 * Every e-mail the product sends. Without SMTP_URL a message is kept here (status kept)
 * for the admin area instead of being sent.
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: randomUuidId(),
    /** What it is about, e.g. "lead.notification". */
    kind: text().notNull(),
    to: jsonb().$type<string[]>().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    ...outboxColumns<MailStatus>("queued"),
    sentAt: instant(),
    createdAt: instantNow(),
  },
  (table) => [
    index("mail_messages_created_at_idx").on(table.createdAt),
    outboxDueIndex("mail_messages_due_idx", table),
  ],
);

export type MailMessage = typeof mailMessages.$inferSelect;
