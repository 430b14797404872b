/**
 * A small streaming XML scanner for the parts of a workbook (pure, runs anywhere): it is fed text
 * in chunks and reports elements and text as they come, so a sheet is read without ever holding
 * it whole. It knows what spreadsheet files use: elements, attributes, text, the five named
 * entities and numeric ones, comments, CDATA, processing instructions. Namespace prefixes are
 * dropped from element names (`x:row` is `row`).
 */

export interface XmlHandler {
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** "a &amp; b &#233;" → "a & b é". */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name] ?? whole;
  });
}

/** The value of one attribute in an element's attribute text, decoded; undefined when absent. */
export function attribute(attributes: string, name: string): string | undefined {
  let from = 0;
  for (;;) {
    const at = attributes.indexOf(name, from);
    if (at === -1) return undefined;
    from = at + name.length;
    const before = at === 0 ? " " : attributes[at - 1]!;
    if (!/\s/.test(before)) continue;
    let i = from;
    while (attributes[i] === " " || attributes[i] === "\t" || attributes[i] === "\n" || attributes[i] === "\r") i++;
    if (attributes[i] !== "=") continue;
    i++;
    while (attributes[i] === " " || attributes[i] === "\t" || attributes[i] === "\n" || attributes[i] === "\r") i++;
    const quote = attributes[i];
    if (quote !== '"' && quote !== "'") continue;
    const end = attributes.indexOf(quote, i + 1);
    if (end === -1) return undefined;
    return decodeEntities(attributes.slice(i + 1, end));
  }
}

/** The end of the tag that starts at `start` ("<"): the index of its ">", quotes respected; -1 when not yet complete. */
function tagEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const gt = text.indexOf(">", i);
    if (gt === -1) return -1;
    // A ">" inside a quoted attribute value does not end the tag: count the quotes before it.
    let quote: string | null = null;
    for (let k = start + 1; k < gt; k++) {
      const c = text[k];
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
    }
    if (!quote) return gt;
    i = gt + 1;
  }
}

function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
}

/** Thrown when one element, comment or run of text waits for more than `maxPending` characters. */
export class XmlTooLargeError extends Error {}

export class XmlScanner {
  private buffer = "";

  constructor(
    private readonly handler: XmlHandler,
    private readonly maxPending = 1024 * 1024,
  ) {}

  write(chunk: string): void {
    this.buffer += chunk;
    this.drain();
    if (this.buffer.length > this.maxPending) throw new XmlTooLargeError("XML element too large");
  }

  /** The end of the document: whatever is left must be text. */
  end(): void {
    this.drain();
    if (this.buffer.trim() !== "") this.handler.text(decodeEntities(this.buffer));
    this.buffer = "";
  }

  private drain(): void {
    const text = this.buffer;
    let i = 0;
    while (i < text.length) {
      const lt = text.indexOf("<", i);
      if (lt === -1) {
        // Text up to the end: given now, but for a possible entity cut in two ("&am" + "p;").
        const amp = text.lastIndexOf("&");
        const keep = amp >= i && text.length - amp < 12 && !text.includes(";", amp) ? amp : text.length;
        if (keep > i) this.handler.text(decodeEntities(text.slice(i, keep)));
        i = keep;
        break;
      }
      if (lt > i) this.handler.text(decodeEntities(text.slice(i, lt)));
      i = lt;
      if (text.startsWith("<!--", lt)) {
        const end = text.indexOf("-->", lt + 4);
        if (end === -1) break;
        i = end + 3;
        continue;
      }
      if (text.startsWith("<![CDATA[", lt)) {
        const end = text.indexOf("]]>", lt + 9);
        if (end === -1) break;
        this.handler.text(text.slice(lt + 9, end));
        i = end + 3;
        continue;
      }
      const gt = tagEnd(text, lt);
      if (gt === -1) break;
      const second = text[lt + 1];
      if (second === "?" || second === "!") {
        i = gt + 1;
        continue;
      }
      if (second === "/") {
        this.handler.close(localName(text.slice(lt + 2, gt).trim()));
      } else {
        const selfClosing = text[gt - 1] === "/";
        const body = text.slice(lt + 1, selfClosing ? gt - 1 : gt);
        let n = 0;
        while (n < body.length && !/\s/.test(body[n]!)) n++;
        const name = localName(body.slice(0, n));
        const attributes = body.slice(n);
        this.handler.open(name, attributes, selfClosing);
        if (selfClosing) this.handler.close(name);
      }
      i = gt + 1;
    }
    this.buffer = text.slice(i);
  }
}
