/**
 * Who does something in the staff area. The staff guard builds it once per request
 * (`requireActor(context)`), module functions take it as it is, and the audit log records
 * it (`recordAudit(db, actor, event)`).
 */
export interface Actor {
  id: string;
  email: string;
  /** The address the request came from, as this server trusts it (see TRUST_PROXY). */
  ip: string | null;
}

/**
 * Someone acting before they are signed in: a failed sign-in, a password chosen from an
 * e-mailed link. The e-mail is what they typed or what the link belongs to, if known.
 */
export interface Visitor {
  id: null;
  email: string | null;
  ip: string | null;
}

/**
 * The product acting on its own (a scheduled job, e.g. publishing a post at its time):
 * no person and no address; the audit log shows "system".
 */
export interface SystemActor {
  id: null;
  email: "system";
  ip: null;
}

export const SYSTEM_ACTOR: SystemActor = { id: null, email: "system", ip: null };
