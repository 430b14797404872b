import { describe, expect, it } from "vitest";
import { flatToInput, readDuration, resolveLookups, splitItems, splitList, validateFlat } from "./cells";
import { isOnQuote } from "~/domain/formations/price";
import { columnForHeader, mappingProblems } from "./columns";
import { csvCell, decodeText, detectSeparator, parseCsv, toCsv } from "./csv";
import { ImportFileError, countsSentence, jobPercent } from "./model";

describe("CSV", () => {
  it("detects the separator of the header line, outside quotes", () => {
    expect(detectSeparator("a;b;c\n1,5;2;3")).toBe(";");
    expect(detectSeparator('"a;b",c,d\n')).toBe(",");
    expect(detectSeparator("a\tb\n")).toBe("\t");
    expect(detectSeparator("titre\n")).toBe(",");
  });

  it("reads quotes, doubled quotes, line breaks in cells, CRLF and empty lines", () => {
    const { records } = parseCsv('titre;programme\r\n"Excel ""avancé""";"ligne 1\nligne 2"\r\n\r\nWord;x\r\n');
    expect(records.map((r) => r.cells)).toEqual([
      ["titre", "programme"],
      ['Excel "avancé"', "ligne 1\nligne 2"],
      ["Word", "x"],
    ]);
    expect(records.map((r) => r.row)).toEqual([1, 2, 4]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 5]);
  });

  it("keeps a quote inside an unquoted cell, refuses text after a closing quote", () => {
    expect(parseCsv('a;b\n12" écran;x\n').records[1]!.cells).toEqual(['12" écran', "x"]);
    expect(() => parseCsv('a;b\n"x"y;z\n')).toThrow(ImportFileError);
  });

  it("writes what it reads back, formulas neutralised then restored", () => {
    const cells = ["=SOMME(A1)", "- liste", 'texte ; avec « guillemets » "droits"', "multi\nligne", "1,5"];
    const { records } = parseCsv(toCsv([cells]).replace(/^\uFEFF/, ""));
    expect(records[0]!.cells).toEqual(cells);
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("a,b")).toBe('"a,b"');
  });
});

describe("decoding", () => {
  it("reads UTF-8 with or without BOM, UTF-16 with BOM and Windows-1252", () => {
    expect(decodeText(new Uint8Array(Buffer.from("\uFEFFé;à", "utf8")))).toEqual({ text: "é;à", encoding: "utf-8" });
    expect(decodeText(new Uint8Array(Buffer.from("é;à", "utf8"))).encoding).toBe("utf-8");
    expect(decodeText(new Uint8Array([0xff, 0xfe, ...Buffer.from("Été", "utf16le")]))).toEqual({ text: "Été", encoding: "utf-16le" });
    expect(decodeText(new Uint8Array([0x80, 0x20, 0xe9, 0x9c]))).toEqual({ text: "€ éœ", encoding: "windows-1252" });
  });

  it("refuses binary content and garbled accents with a French reason", () => {
    expect(() => decodeText(new Uint8Array([0x61, 0x00, 0x62]))).toThrow(/octets nuls/);
    expect(() => decodeText(new Uint8Array(Buffer.from("CafÃ© crÃ¨me", "utf8")))).toThrow(/« Ã© »/);
    expect(() => decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0xff]))).toThrow(/annonce l'encodage UTF-8/);
  });
});

describe("cells", () => {
  const lookups = resolveLookups({
    categories: [{ id: "c1", slug: "securite", name: "Sécurité au travail" }],
    cities: [
      { id: "v1", slug: "saint-etienne", name: "Saint-Étienne" },
      { id: "v2", slug: "lyon", name: "Lyon" },
    ],
  });

  it("reads words in French or English, with or without accents", () => {
    const { input, status, issues } = flatToInput(
      {
        statut: "Publiée",
        categorie: "Sécurité au travail",
        modalite: "Hybride",
        tva: "Hors taxes",
        certification: "Répertoire spécifique",
        eligible_cpf: "Oui",
        intra_sur_devis: "non",
        a_la_une: "x",
        financements: "France Travail | Employeur",
        opco: "OPCO Santé|akto",
        villes: "saint étienne | LYON",
        date_mesure_indicateurs: "31/01/2025",
      },
      lookups,
    );
    expect(issues).toEqual([]);
    expect(status).toBe("published");
    expect(input).toMatchObject({
      categoryId: "c1",
      modality: "mixte",
      vatMode: "ht",
      certificationType: "rs",
      cpfEligible: true,
      intraOnQuote: false,
      featured: true,
      fundingOptions: ["pole-emploi", "entreprise"],
      opcos: ["opco-sante", "akto"],
      cityIds: ["v1", "v2"],
      resultsMeasuredAt: "2025-01-31",
    });
  });

  it("reads the simple program and session notations, and JSON", () => {
    const { input } = flatToInput(
      {
        programme: "Les bases (3,5 h) | La pratique",
        sessions: "2031-03-12;2031-03-13;Lyon;8\n12/04/2031;;à distance;12",
      },
      lookups,
    );
    expect(input.program).toEqual([
      { title: "Les bases", content: "", durationHours: 3.5 },
      { title: "La pratique", content: "", durationHours: null },
    ]);
    expect(input.sessions).toEqual([
      { id: null, startDate: "2031-03-12", endDate: "2031-03-13", cityId: "v2", seatsLeft: "8" },
      { id: null, startDate: "2031-04-12", endDate: "2031-04-12", cityId: null, seatsLeft: "12" },
    ]);
    const json = flatToInput(
      {
        programme: '[{"titre":"A","contenu":"B","duree_heures":2}]',
        sessions: [{ debut: "2031-01-01", fin: "2031-01-02", ville: "lyon", places: 3 }],
      },
      lookups,
    );
    expect(json.input.program).toEqual([{ title: "A", content: "B", durationHours: 2 }]);
    expect(json.input.sessions).toMatchObject([{ cityId: "v2", seatsLeft: 3 }]);
    expect(flatToInput({ programme: "[{oups" }, lookups).issues[0]!.message).toMatch(/pas un JSON valide/);
  });

  it("splits lists on lines first, then on bars, then on semicolons; names also on commas", () => {
    expect(splitList("a | b")).toEqual(["a", "b"]);
    expect(splitList("a | b\nc")).toEqual(["a | b", "c"]);
    expect(splitList(["x", " ", "y"])).toEqual(["x", "y"]);
    expect(splitList("- Lire un bulletin, le comprendre\n• Préparer la DSN")).toEqual([
      "Lire un bulletin, le comprendre",
      "Préparer la DSN",
    ]);
    expect(splitList("Lire; Comprendre")).toEqual(["Lire", "Comprendre"]);
    expect(splitItems("Lyon, Paris")).toEqual(["Lyon", "Paris"]);
    expect(splitItems("Lyon; Paris | Grenoble\nAnnecy")).toEqual(["Lyon", "Paris", "Grenoble", "Annecy"]);
  });

  it("reads cities with , ; or | (remote words skipped), « Sur devis » and priced cells, durations in hours or days", () => {
    for (const villes of ["Saint-Etienne, Lyon", "saint étienne ; lyon", "Saint-Étienne | Lyon | à distance"])
      expect(flatToInput({ villes }, lookups).input.cityIds, villes).toEqual(["v1", "v2"]);
    for (const price of ["Sur devis", "sur demande", "Nous consulter", "NC"]) {
      expect(isOnQuote(price), price).toBe(true);
      expect(validateFlat({ titre: "Une formation", prix_inter: price }, lookups).data?.priceInter, price).toBeNull();
    }
    expect(validateFlat({ titre: "Une formation", prix_inter: "1\u00a0290,00\u00a0€ HT" }, lookups).data?.priceInter).toBe(1290);
    expect(validateFlat({ titre: "Une formation", prix_inter: "590 € HT par personne" }, lookups).data?.priceInter).toBe(590);
    expect(readDuration("14 h", "hours")).toEqual({ hours: 14 });
    expect(readDuration("3h30", "hours")).toEqual({ hours: 3.5 });
    expect(readDuration("2 jours", "hours")).toEqual({ days: 2 });
    expect(readDuration("14 h (2 jours)", "days")).toEqual({ hours: 14, days: 2 });
    expect(readDuration("0,5", "days")).toEqual({ days: "0,5" });
    expect(flatToInput({ duree_heures: "2 jours" }, lookups).input).toMatchObject({ durationDays: 2, durationHours: null });
  });

  it("reads modalities, VAT and funding as catalogues write them", () => {
    const read = (record: Record<string, unknown>) => flatToInput(record, lookups);
    expect(read({ modalite: "Présentiel ou distanciel" }).input.modality).toBe("mixte");
    expect(read({ modalite: "Classe virtuelle" }).input.modality).toBe("distanciel");
    expect(read({ modalite: "En salle" }).input.modality).toBe("presentiel");
    expect(read({ tva: "TVA non applicable, art. 293 B du CGI" }).input.vatMode).toBe("exonere");
    const funding = read({ financements: "Entreprise (OPCO), France Travail, CPF", certification_code: "RS5252" });
    expect(funding.issues).toEqual([]);
    expect(funding.input).toMatchObject({ fundingOptions: ["entreprise", "pole-emploi"], cpfEligible: true, certificationType: "rs" });
    expect(read({ certification: "Oui", certification_code: "RNCP35399" }).input.certificationType).toBe("rncp");
  });

  it("reads plain-text programmes: one module per line, with a duration in hours, minutes or days", () => {
    const { input } = flatToInput(
      {
        programme:
          "1. Les bases (3,5 h)\n- Les formules – 1 jour\n• Les graphiques : 3h30\nTravaux pratiques (45 min)\nPartie 2 : bilan\nExcel 2019 – révisions",
      },
      lookups,
    );
    expect((input.program as Array<{ title: string; durationHours: number | null }>).map((m) => [m.title, m.durationHours])).toEqual([
      ["Les bases", 3.5],
      ["Les formules", 7],
      ["Les graphiques", 3.5],
      ["Travaux pratiques", 0.75],
      ["Partie 2 : bilan", null],
      ["Excel 2019 – révisions", null],
    ]);
  });

  it("maps the headers French catalogues use", () => {
    const headers: Record<string, string | undefined> = {
      "Tarif HT": "prix_inter",
      "Prix HT": "prix_inter",
      "Prix net de taxe (€)": "prix_inter",
      "Tarif inter-entreprises HT": "prix_inter",
      "Nb jours": "duree_jours",
      "Durée (jours)": "duree_jours",
      "Durée (j)": "duree_jours",
      "Nb heures": "duree_heures",
      "Durée (h)": "duree_heures",
      "Ville(s)": "villes",
      Lieux: "villes",
      "Public cible": "public",
      "Compétences visées": "objectifs",
      "Méthodes mobilisées": "methodes_pedagogiques",
      "Accessibilité PSH": "accessibilite",
      "Code RNCP / RS": "certification_code",
      "Tarif intra": undefined,
      "Réf.": undefined,
    };
    for (const [header, key] of Object.entries(headers)) expect(columnForHeader(header), header).toBe(key);
  });

  it("names two columns mapped to one field", () => {
    expect(mappingProblems(["Titre", "Intitulé"], ["titre", "titre"]).duplicates[0]).toBe(
      "Les colonnes « Titre » et « Intitulé » sont toutes associées au champ « Titre » : gardez-en une seule.",
    );
  });
});

describe("labels", () => {
  it("writes counts in French, singular and plural", () => {
    expect(countsSentence({ created: 1, updated: 2, unchanged: 0, rejected: 10_000, incomplete: 0 })).toBe(
      "1 créée, 2 mises à jour, 0 inchangée, 10\u202f000 refusées",
    );
    expect(
      jobPercent({
        state: "running",
        totalFiles: 2,
        filesDone: 1,
        totalRows: 0,
        rowsDone: 0,
        currentFileRows: 100,
        currentFileRowsDone: 50,
      }),
    ).toBe(72);
  });
});

const NBSP = "\u00a0";

describe("a price cell", () => {
  it("refuses an import row whose price is ambiguous, in the price column", () => {
    const lookups = resolveLookups({ categories: [], cities: [] });
    expect(validateFlat({ titre: "Excel : les bases", prix_inter: "1.200 €" }, lookups).data?.priceInter).toBe(1200);
    const row = validateFlat({ titre: "Excel : les bases", prix_inter: "1,200" }, lookups);
    expect(row.data).toBeUndefined();
    expect(row.issues).toEqual([{ column: "prix_inter", message: expect.stringContaining(`«${NBSP}1,200${NBSP}» est ambigu`) }]);
    // Quoted once, as typed (its no-break space kept).
    const spaced = validateFlat({ titre: "Excel : les bases", prix_inter: `1,200${NBSP}€` }, lookups);
    expect(spaced.issues.map((i) => i.message)).toEqual([
      expect.stringMatching(new RegExp(`^«${NBSP}1,200${NBSP}€${NBSP}» est ambigu[^«]*«[^«]*«[^«]*$`)),
    ]);
  });
});
