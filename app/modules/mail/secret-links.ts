/**
 * Password links carry a token that signs someone in. Once a message has gone out (or is
 * kept unsent), the token is replaced in what is stored and shown, so the mail log proves
 * a link was sent without handing out a usable one.
 */
const SECRET_QUERY_VALUE = /([?&](?:token|code|key|secret|signature)=)[^\s&#"'<>]+/gi;

const HIDDEN_SECRET = "[hidden]";

export function maskSecretLinks(text: string): string {
  return text.replace(SECRET_QUERY_VALUE, `$1${HIDDEN_SECRET}`);
}
