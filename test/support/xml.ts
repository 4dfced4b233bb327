/**
 * A small XML parser for tests (no dependency on the product): elements, attributes and text,
 * entities decoded. It throws on anything not well-formed (unbalanced or mis-nested tags, text
 * outside the root, an unknown entity), so a test that parses a file checks its structure.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&([a-z]+);/g, (_, name: string) => {
    if (!(name in ENTITIES)) throw new Error(`unbekannte Entity &${name};`);
    return ENTITIES[name];
  });
}

export function parseXml(xml: string): XmlElement {
  const body = xml.replace(/^\s*<\?xml[^?]*\?>/, '');
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const token = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let position = 0;
  while (position < body.length) {
    token.lastIndex = position;
    match = token.exec(body);
    if (!match)
      throw new Error(
        `kein wohlgeformtes XML bei Zeichen ${position}: ${body.slice(position, position + 30)}`,
      );
    position = token.lastIndex;
    const [, closing, name, attrs, selfClosing, text] = match;
    if (text !== undefined) {
      if (stack.length === 0) {
        if (text.trim()) throw new Error(`Text außerhalb des Wurzelelements: ${text.trim()}`);
        continue;
      }
      stack[stack.length - 1].text += decode(text);
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> schließt <${open?.name ?? '-'}>`);
      continue;
    }
    const element: XmlElement = { name, attributes: {}, children: [], text: '' };
    for (const [, key, value] of attrs.matchAll(/([\w:.-]+)="([^"]*)"/g))
      element.attributes[key] = decode(value);
    if (stack.length > 0) stack[stack.length - 1].children.push(element);
    else if (root) throw new Error('mehr als ein Wurzelelement');
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (!root || stack.length > 0)
    throw new Error(`nicht geschlossen: ${stack.map((e) => e.name).join(' > ')}`);
  return root;
}

/** Every descendant element at the path (element names separated by '/'). */
export function xmlAll(element: XmlElement, path: string): XmlElement[] {
  return path
    .split('/')
    .reduce<XmlElement[]>(
      (level, name) => level.flatMap((e) => e.children.filter((c) => c.name === name)),
      [element],
    );
}

/** The text of the one element at the path; throws when there is not exactly one. */
export function xmlText(element: XmlElement, path: string): string {
  const found = xmlAll(element, path);
  if (found.length !== 1) throw new Error(`${path}: ${found.length} Elemente statt einem`);
  return found[0].text;
}
