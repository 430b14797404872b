import { constants, crc32, deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { IMPORT_MAX_ROWS } from "./limits";
import { ImportFileError } from "./model";
import { readTable } from "./read.server";

/**
 * Reading files safely: XLSX workbooks are read as a stream in a worker thread, within limits, so
 * that a decompression bomb is refused within a second while the server keeps answering.
 */

interface ZipPart {
  name: string;
  /** Stored as is, or raw deflate data with the size it inflates to. */
  content: Uint8Array | { deflated: Uint8Array; size: number; crc: number };
}

/** A minimal zip writer: local headers, data, central directory (enough for a workbook). */
function zip(parts: ZipPart[]): Uint8Array {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const stored = part.content instanceof Uint8Array;
    const data = Buffer.from(part.content instanceof Uint8Array ? part.content : part.content.deflated);
    const size = part.content instanceof Uint8Array ? part.content.byteLength : part.content.size;
    const crc = part.content instanceof Uint8Array ? crc32(part.content) : part.content.crc;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    chunks.push(local, name, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(stored ? 0 : 8, 10);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(data.byteLength, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.byteLength, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += local.byteLength + name.byteLength + data.byteLength;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...chunks, directory, end]));
}

const text = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));

/**
 * Raw deflate data that inflates to `prefix`, then `unit` repeated `times`, then `suffix`, built
 * without ever holding the inflated text: the unit is compressed once after a full flush (which
 * resets the dictionary), so its compressed bytes can be repeated.
 */
function repeatedDeflate(prefix: string, unit: string, times: number, suffix: string): { deflated: Uint8Array; size: number; crc: number } {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const head = deflateRawSync(Buffer.from(prefix), flush);
  const body = deflateRawSync(Buffer.from(unit), flush);
  const tail = deflateRawSync(Buffer.from(suffix));
  let crc = crc32(prefix);
  for (let i = 0; i < times; i++) crc = crc32(unit, crc);
  crc = crc32(suffix, crc);
  const deflated = Buffer.concat([head, ...Array.from({ length: times }, () => body), tail]);
  return {
    deflated: new Uint8Array(deflated),
    size: Buffer.byteLength(prefix) + Buffer.byteLength(unit) * times + Buffer.byteLength(suffix),
    crc,
  };
}

function workbook(sheet: ZipPart["content"]): Uint8Array {
  return zip([
    {
      name: "[Content_Types].xml",
      content: text(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      ),
    },
    {
      name: "_rels/.rels",
      content: text(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: "xl/workbook.xml",
      content: text(
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Formations" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      content: text(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: "xl/worksheets/sheet1.xml", content: sheet },
  ]);
}

const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Titre</t></is></c></row>';
const SHEET_END = "</sheetData></worksheet>";
const ROW = '<row><c t="inlineStr"><is><t>Une formation de la bombe</t></is></c></row>';

/** Refused with an ImportFileError: how long it took, the message, the event loop's worst delay and the memory it grew. */
async function refusal(name: string, bytes: Uint8Array) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let worstLag = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    worstLag = Math.max(worstLag, now - last - 10);
    last = now;
  }, 10);
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const error = await readTable(name, bytes).catch((e: unknown) => e);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(ticker);
  clearInterval(sampler);
  expect(error, name).toBeInstanceOf(ImportFileError);
  if (process.env.IMPORT_FIGURES) console.log(name, { seconds, worstLag, grewMb: (peakRss - rssBefore) / 1024 / 1024 });
  return { seconds, message: (error as Error).message, worstLag, grewMb: (peakRss - rssBefore) / 1024 / 1024 };
}

// Timings on a machine shared with other processes: retried once or twice before failing.
describe("XLSX decompression bombs", { retry: 2 }, () => {
  beforeAll(async () => {
    // The reading thread is started once per process: measured below is the reading, not its start.
    await readTable("chauffe.csv", text("Titre\nUne formation\n"));
  });

  it("a sheet that declares 500 MB once inflated is refused before anything is inflated", async () => {
    const bomb = workbook(repeatedDeflate(SHEET_START, ROW.repeat(2_000), 3_600, SHEET_END));
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
    const r = await refusal("bombe.xlsx", bomb);
    expect(r.message).toMatch(
      /^Ce classeur Excel est trop volumineux une fois décompressé \(plus de 160 Mo pour « xl\/worksheets\/sheet1\.xml », qui annonce 501,3 Mo\)/,
    );
    expect(r.seconds).toBeLessThan(2);
    expect(r.grewMb).toBeLessThan(150);
    expect(r.worstLag).toBeLessThan(200);
  });

  it("a sheet that lies about its size is stopped as soon as it inflates beyond what it declares", async () => {
    const real = repeatedDeflate(SHEET_START, ROW.repeat(2_000), 3_600, SHEET_END);
    const r = await refusal("menteuse.xlsx", workbook({ ...real, size: 1_000_000 }));
    expect(r.message).toContain("plus de données qu'elle n'en annonce");
    expect(r.seconds).toBeLessThan(2);
    expect(r.grewMb).toBeLessThan(150);
  });

  it("1.5 million rows in a small file are refused at the first row beyond the limit, with the server answering meanwhile", async () => {
    // About 100 MB once inflated (under the byte limit), 1.2 MB compressed: only the row limit stops it.
    const rows = repeatedDeflate(SHEET_START, ROW.repeat(1_500), 1_000, SHEET_END);
    const bomb = workbook(rows);
    expect(rows.size).toBeLessThan(160 * 1024 * 1024);
    const r = await refusal("lignes.xlsx", bomb);
    expect(r.message).toBe(
      `Le fichier compte plus de ${IMPORT_MAX_ROWS.toLocaleString("fr-FR")} lignes\u00a0: découpez-le en plusieurs fichiers de ${IMPORT_MAX_ROWS.toLocaleString("fr-FR")} lignes au plus.`,
    );
    expect(r.seconds).toBeLessThan(5);
    expect(r.grewMb).toBeLessThan(250);
    expect(r.worstLag).toBeLessThan(200);
  });

  it("a cell longer than Excel allows, or an element that never ends, is refused", async () => {
    const longCell = workbook(
      repeatedDeflate(
        `${SHEET_START}<row r="2"><c r="A2" t="inlineStr"><is><t>`,
        "x".repeat(10_000),
        100,
        `</t></is></c></row>${SHEET_END}`,
      ),
    );
    expect((await refusal("cellule.xlsx", longCell)).message).toMatch(/dépasse 32\s767 caractères/);
    const endless = workbook(repeatedDeflate(`${SHEET_START}<row r="2"><c r="A2" `, 'a="1" '.repeat(1_000), 1_000, `/></row>${SHEET_END}`));
    expect((await refusal("element.xlsx", endless)).message).toContain("élément anormalement long");
  });
});

describe("XLSX reading", () => {
  it("reads the « Formations » sheet: shared and rich texts, numbers, booleans, dates, formulas, links", async () => {
    const book = new ExcelJS.Workbook();
    const help = book.addWorksheet("Mode d'emploi");
    help.addRow(["Une ligne par formation."]);
    const sheet = book.addWorksheet("Formations");
    sheet.addRow(["Titre", "Prix", "CPF", "Début", "Total", "Lien", "Notes"]);
    sheet.addRow([
      { richText: [{ text: "Excel " }, { font: { bold: true }, text: "avancé & macros" }] },
      1290.5,
      true,
      new Date(Date.UTC(2031, 2, 12)),
      { formula: "B2*2", result: 2581 },
      { text: "Le site", hyperlink: "https://example.fr" },
      "< 5 > « ok »",
    ]);
    sheet.getCell("D2").numFmt = "dd/mm/yyyy";
    sheet.addRow([]);
    sheet.addRow(["Word", "", false]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const table = await readTable("catalogue.xlsx", bytes);
    expect(table.description).toBe("classeur Excel (XLSX), feuille « Formations »");
    expect(table.headers).toEqual(["Titre", "Prix", "CPF", "Début", "Total", "Lien", "Notes"]);
    expect(table.rows.map((r) => r.line)).toEqual([2, 4]);
    expect(table.rows[0]!.cells).toEqual([
      "Excel avancé & macros",
      1290.5,
      true,
      new Date(Date.UTC(2031, 2, 12)),
      2581,
      "Le site",
      "< 5 > « ok »",
    ]);
    expect(table.rows[1]!.cells.slice(0, 3)).toEqual(["Word", "", false]);

    const preview = await readTable("catalogue.xlsx", bytes, { previewRows: 1 });
    expect(preview.rows).toHaveLength(1);
  });

  it("refuses a password-protected or foreign archive in French", async () => {
    const notWorkbook = zip([{ name: "photo.txt", content: text("bonjour") }]);
    const error = await readTable("archive.xlsx", notWorkbook).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toContain("n'est pas un classeur Excel");
  });
});
