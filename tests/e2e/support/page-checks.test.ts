import { describe, expect, it } from "vitest";
import { pageProblems, textProblems, type PageSnapshot } from "./page-checks";

const NBSP = "\u00a0";
const outsiders = { forOutsiders: true };
const staff = { forOutsiders: false };

function messages(text: string, options = outsiders): string[] {
  return textProblems({ text, where: "p" }, options).map((p) => `${p.rule}: ${p.message}`);
}

describe("textProblems", () => {
  it("reports values printed as the program holds them", () => {
    expect(messages("Version du [object Object]")).toEqual(["valeur: objet affiché tel quel — p : « Version du [object Object] »"]);
    expect(messages("Prix : undefined €".replace(" :", `${NBSP}:`))).toHaveLength(1);
    expect(messages("NaN places")[0]).toContain("« NaN »");
    expect(messages("Le Invalid Date")[0]).toContain("Invalid Date");
    expect(messages("Ville : null".replace(" :", `${NBSP}:`))[0]).toContain("« null »");
    expect(messages("1 place(s)")[0]).toContain("pluriel");
    expect(messages("2 stagiaire(s) inscrit(e)s")).toHaveLength(1);
    expect(messages("1 place, 2 places (dont 1 offerte)")).toEqual([]);
  });

  it("reports raw ISO dates and timestamps, not dates inside names, paths or times", () => {
    expect(messages("Enregistrée le 2026-12-01T23:58:04.203Z")[0]).toContain("horodatage ISO");
    expect(messages("Télécharger le dossier du 2026-12-02 (ZIP)")[0]).toContain("date ISO");
    expect(messages("2026-12-02")).toHaveLength(1);
    expect(messages("preuves-qualiopi-2026-12-02.zip")).toEqual([]);
    expect(messages("/blog/2026-12-02/article")).toEqual([]);
    expect(messages(`le 2 décembre 2026 à 10${NBSP}h${NBSP}30, de 10:30 à 12:00`)).toEqual([]);
    expect(messages("SIRET 732 829 320 00074, tél. 04-65-71-00-12")).toEqual([]);
  });

  it("reports an internal id on a page for outsiders only", () => {
    const text = "Version 067b74a4-a13b-48c1-85ae-9da3747f9571";
    expect(messages(text, outsiders)[0]).toContain("identifiant interne");
    expect(messages(text, staff)).toEqual([]);
  });

  it("reports an ordinary space where French typography wants a no-break one", () => {
    expect(messages("Adresse : 4 quai des Chartrons")[0]).toMatch(/^typographie: espace ordinaire devant /);
    expect(messages("Pourquoi ?")).toHaveLength(1);
    expect(messages("Attention !")).toHaveLength(1);
    expect(messages("un point ; un autre")).toHaveLength(1);
    expect(messages("le lien « Gérer les cookies »")).toHaveLength(2);
    expect(messages(`Adresse${NBSP}: le lien «${NBSP}Gérer${NBSP}» ; Pourquoi${NBSP}?`.replace(" ;", `${NBSP};`))).toEqual([]);
    // Narrow no-break spaces are right too.
    expect(messages("Pourquoi\u202f? «\u202fOui\u202f»")).toEqual([]);
  });

  it("leaves addresses, times and code-like text alone", () => {
    expect(messages("https://formavia.fr/contact?sujet=devis et mailto:contact@formavia.fr")).toEqual([]);
    expect(messages(`de 9:00 à 17:30, ratio 1:2`)).toEqual([]);
    expect(messages("a?b, x:y, C:\\dossier")).toEqual([]);
  });
});

describe("pageProblems", () => {
  it("reports duplicate ids and form controls without an accessible name, with the page's texts", () => {
    const page: PageSnapshot = {
      texts: [{ text: "Besoins d'adaptation", where: "label" }],
      ids: ["inscription-accessibilite", "inscription-nom", "inscription-accessibilite"],
      controls: [
        { where: "textarea#inscription-accessibilite[name=accessibilite]", name: "" },
        { where: "input#inscription-nom[name=nom]", name: "Nom" },
      ],
    };
    expect(pageProblems(page, outsiders)).toEqual([
      { rule: "id", message: "id en double (2 fois) : #inscription-accessibilite" },
      { rule: "nom", message: "champ sans nom accessible : textarea#inscription-accessibilite[name=accessibilite]" },
    ]);
  });

  it("finds nothing on a clean page", () => {
    const page: PageSnapshot = {
      texts: [{ text: `Prix${NBSP}: 1${NBSP}250${NBSP}€, le 2 décembre 2026`, where: "p" }],
      ids: ["a", "b"],
      controls: [{ where: "input#a", name: "Nom" }],
    };
    expect(pageProblems(page, outsiders)).toEqual([]);
  });
});
