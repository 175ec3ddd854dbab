/**
 * A strict little XML reader for tests: it throws on anything not well-formed (unclosed or
 * mismatched tags, a bare "&" or "<", unknown entities, quotes missing around attributes,
 * text outside the root) and returns the element tree with text unescaped.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  child(name: string): XmlElement | undefined;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const NAME = "[A-Za-z_][\\w.:-]*";

function unescape(raw: string): string {
  if (raw.includes("<")) throw new Error(`Bare "<" in ${JSON.stringify(raw)}`);
  return raw.replace(/&([^;]*);|&/g, (match, name: string | undefined) => {
    if (name === undefined) throw new Error(`Bare "&" in ${JSON.stringify(raw)}`);
    if (name in ENTITIES) return ENTITIES[name]!;
    const code = /^#(\d+)$/.exec(name)?.[1] ?? /^#x([\da-f]+)$/i.exec(name)?.[1];
    if (!code) throw new Error(`Unknown entity &${name};`);
    return String.fromCodePoint(parseInt(code, name.startsWith("#x") ? 16 : 10));
  });
}

function element(name: string, attributes: Record<string, string>): XmlElement {
  return {
    name,
    attributes,
    children: [],
    text: "",
    child(wanted) {
      return this.children.find((c) => c.name === wanted);
    },
  };
}

export function parseXml(xml: string): XmlElement {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const tokens = body.match(/<[^>]*>|[^<]+/g) ?? [];
  for (const token of tokens) {
    if (!token.startsWith("<")) {
      const text = unescape(token);
      if (stack.length === 0) {
        if (text.trim()) throw new Error(`Text outside the root: ${text}`);
        continue;
      }
      stack.at(-1)!.text += text;
      continue;
    }
    const close = new RegExp(`^</(${NAME})\\s*>$`).exec(token);
    if (close) {
      const open = stack.pop();
      if (open?.name !== close[1]) throw new Error(`</${close[1]}> closes <${open?.name}>`);
      continue;
    }
    const open = new RegExp(`^<(${NAME})((?:\\s+${NAME}\\s*=\\s*"[^"]*")*)\\s*(/?)>$`).exec(token);
    if (!open) throw new Error(`Malformed tag ${token}`);
    const attributes: Record<string, string> = {};
    for (const [, key, value] of open[2]!.matchAll(
      new RegExp(`(${NAME})\\s*=\\s*"([^"]*)"`, "g"),
    )) {
      if (key! in attributes) throw new Error(`Attribute ${key} twice`);
      attributes[key!] = unescape(value!);
    }
    const made = element(open[1]!, attributes);
    if (stack.length) stack.at(-1)!.children.push(made);
    else if (root) throw new Error("A second root element");
    else root = made;
    if (!open[3]) stack.push(made);
  }
  if (stack.length) throw new Error(`<${stack.at(-1)!.name}> is not closed`);
  if (!root) throw new Error("No root element");
  return root;
}
