/**
 * Characters XML 1.0 does not allow (controls other than tab and line breaks, lone surrogates,
 * U+FFFE and U+FFFF) and the other Unicode non-characters (U+FDD0–U+FDEF, U+nFFFE/U+nFFFF), which
 * feed readers and validators reject: dropped from every text a feed or a document carries.
 */
const NOT_XML_TEXT =
  /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]|[\uFDD0-\uFDEF]|[\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{3FFFE}\u{3FFFF}\u{4FFFE}\u{4FFFF}\u{5FFFE}\u{5FFFF}\u{6FFFE}\u{6FFFF}\u{7FFFE}\u{7FFFF}\u{8FFFE}\u{8FFFF}\u{9FFFE}\u{9FFFF}\u{AFFFE}\u{AFFFF}\u{BFFFE}\u{BFFFF}\u{CFFFE}\u{CFFFF}\u{DFFFE}\u{DFFFF}\u{EFFFE}\u{EFFFF}\u{FFFFE}\u{FFFFF}\u{10FFFE}\u{10FFFF}]/gu;

/** The text without the characters an XML document cannot or should not carry. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML_TEXT, "");
}

/** Escapes text for an XML element or attribute, after dropping what XML cannot carry: the document always parses. */
export function escapeXml(value: string): string {
  return xmlText(value).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}
