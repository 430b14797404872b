import { describe, expect, it } from "vitest";
import { formDataToObject, parseJsonSafely } from "./form-data";
import { parseFrenchNumber } from "./numbers";

describe("formDataToObject", () => {
  it("nests dotted names, groups repeated names, and packs sparse indexes", () => {
    const fd = new FormData();
    fd.append("title", "Titre");
    fd.append("program.0.title", "A");
    fd.append("program.2.title", "C");
    fd.append("program.2.content", "texte");
    fd.append("cityIds", "lyon");
    fd.append("cityIds", "paris");
    fd.append("file", new Blob(["x"]));
    expect(formDataToObject(fd)).toEqual({
      title: "Titre",
      program: [{ title: "A" }, { title: "C", content: "texte" }],
      cityIds: ["lyon", "paris"],
    });
  });

  it.each([
    "__proto__.polluted",
    "__proto__",
    "constructor.prototype.polluted",
    "prototype.polluted",
    "a.__proto__.polluted",
    "a.constructor.prototype.polluted",
    "program.0.__proto__.polluted",
    "program.0.constructor",
  ])("drops the field %s and leaves Object.prototype untouched", (name) => {
    const fd = new URLSearchParams();
    fd.append("intent", "create");
    fd.append(name, "oui");
    const out = formDataToObject(fd);
    expect(out).toEqual({ intent: "create" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it("never allocates a huge array, never writes an array's own properties, and bounds the depth", () => {
    const fd = new URLSearchParams();
    fd.append("program.99999999.title", "trop loin");
    fd.append("program.length", "5");
    fd.append("a", "1");
    fd.append("a.b", "2");
    fd.append("a.b.c.d.e.f.g", "profond");
    // Past MAX_FIELD_INDEX a number is an ordinary key: the schema then refuses the object where it wants a list.
    expect(formDataToObject(fd)).toEqual({ program: { "99999999": { title: "trop loin" }, length: "5" }, a: "1" });
  });

  it("keeps ordinary names that merely contain the words", () => {
    const fd = new URLSearchParams();
    fd.append("constructorName", "x");
    fd.append("seo.prototypeTitle", "y");
    expect(formDataToObject(fd)).toEqual({ constructorName: "x", seo: { prototypeTitle: "y" } });
  });
});

describe("parseJsonSafely", () => {
  it("drops prototype keys at any depth", () => {
    const value = parseJsonSafely('{"a":1,"__proto__":{"x":1},"b":{"constructor":{"prototype":{"y":2}},"c":3}}');
    expect(value).toEqual({ a: 1, b: { c: 3 } });
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});

describe("parseFrenchNumber", () => {
  it("reads French numbers", () => {
    expect(parseFrenchNumber("1\u202f290,5")).toBe(1290.5);
    expect(parseFrenchNumber("  ")).toBeNull();
    expect(parseFrenchNumber("abc")).toBe("abc");
  });
});

describe("formDataToObject with files", () => {
  it("leaves files out by default, and describes them (name, type, size) when asked", () => {
    const form = new FormData();
    form.append("intent", "logo");
    form.append("logo", new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }));
    expect(formDataToObject(form)).toEqual({ intent: "logo" });
    expect(formDataToObject(form, { files: true })).toEqual({ intent: "logo", logo: { name: "logo.svg", type: "image/svg+xml", size: 6 } });
  });
});
