import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { Outlet, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Organisation } from "~/domain/settings/model";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import Accessibilite from "~/routes/site/accessibilite";
import CertificationQualiopi from "~/routes/site/certification-qualiopi";
import ConditionsUtilisation from "~/routes/site/conditions-utilisation";
import Home from "~/routes/site/home";
import MentionsLegales from "~/routes/site/mentions-legales";
import PolitiqueConfidentialite from "~/routes/site/politique-confidentialite";
import PolitiqueCookies from "~/routes/site/politique-cookies";
import PourquoiNousChoisir from "~/routes/site/pourquoi-nous-choisir";
import Temoignages from "~/routes/site/temoignages";

/**
 * The content pages take the organisation's identity from the settings, never from the code:
 * rendered with another identity, they show it and nothing of the demo one.
 */
const OTHER: Organisation = {
  ...DEMO_ORGANISATION,
  name: "Atelier Compétences",
  legalForm: "SARL",
  shareCapital: "8 000 €",
  street: "4 quai des Chartrons",
  postalCode: "33000",
  city: "Bordeaux",
  phone: "05 56 00 11 22",
  email: "bonjour@atelier-competences.fr",
  siret: "73282932000074",
  rcs: "RCS Bordeaux 732 829 320",
  vatNumber: "FR44732829320",
  nda: "75 33 98765 33",
  ndaRegion: "Nouvelle-Aquitaine",
  publicationDirector: "Paul Durand, gérant",
  hostName: "Scaleway SAS",
  hostAddress: "8 rue de la Ville-l'Évêque, 75008 Paris, France",
  hostPhone: "",
  dpoEmail: "rgpd@atelier-competences.fr",
  accessibilityContact: "handicap@atelier-competences.fr",
  qualiopiCertificateNumber: "CERT-2026-0099",
  qualiopiCertifier: "Bureau Veritas Certification",
  qualiopiValidUntil: "2029-06-01",
};

const PAGES: Record<string, ComponentType<any>> = {
  "/": Home,
  "/certification-qualiopi": CertificationQualiopi,
  "/temoignages": Temoignages,
  "/pourquoi-nous-choisir": PourquoiNousChoisir,
  "/accessibilite": Accessibilite,
  "/mentions-legales": MentionsLegales,
  "/politique-confidentialite": PolitiqueConfidentialite,
  "/conditions-utilisation": ConditionsUtilisation,
  "/politique-cookies": PolitiqueCookies,
};

const CLAIMS = {
  testimonials: [
    {
      id: "t1",
      quote: "Des exemples tirés de nos propres fichiers.",
      author: "Léa B.",
      context: "Comptable, cabinet bordelais",
      formation: { title: "Excel perfectionnement", slug: "excel-perfectionnement" },
      givenOn: "2026-09-12",
      rating: 5,
    },
  ],
  results: [
    {
      id: "r1",
      label: "de stagiaires satisfaits",
      figure: "97\u00a0%",
      period: "formations terminées en 2025",
      sampleSize: 212,
      measuredOn: "2026-02-01",
      position: 0,
      isDemo: false,
    },
  ],
  arguments: [
    {
      id: "a1",
      title: "Des formateurs de terrain",
      body: "Ils exercent le métier qu'ils enseignent.\n\n- un point",
      position: 0,
      isDemo: false,
    },
  ],
};
const NO_CLAIMS = { testimonials: [], results: [], arguments: [] };

/** Loader data of the pages that have a loader (the home page lists nothing from an empty catalogue). */
const PAGE_DATA: Record<string, unknown> = {
  "/temoignages": { testimonials: CLAIMS.testimonials, results: CLAIMS.results },
  "/pourquoi-nous-choisir": { args: CLAIMS.arguments, results: CLAIMS.results },
  "/": {
    formations: {
      featured: [],
      nextSessions: [],
      categories: [
        { slug: "bureautique", name: "Bureautique", description: "Excel, Word et PowerPoint, des bases aux fonctions avancées." },
      ],
    },
    posts: [],
    claims: CLAIMS,
  },
};

function render(path: string, organisation: Organisation, pageData: unknown = PAGE_DATA[path] ?? { leadRetentionMonths: 24 }): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => <Outlet />,
      children: [
        { id: "page", path: path === "/" ? undefined : path.slice(1), index: path === "/" ? true : undefined, Component: PAGES[path] },
      ],
    } as never,
  ]);
  const html = renderToString(
    <Stub
      initialEntries={[path]}
      hydrationData={{
        loaderData: { root: { organisation, siteUrl: "https://www.atelier-competences.fr", siteName: organisation.name }, page: pageData },
      }}
    />,
  );
  // Text only, entities decoded, spaces normalised.
  return html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

describe("content pages read the organisation from the settings", () => {
  for (const path of Object.keys(PAGES)) {
    it(`${path} shows no trace of the demo identity`, () => {
      const text = render(path, OTHER);
      expect(text.length).toBeGreaterThan(500);
      for (const demo of ["Formavia", "formavia.fr", "912 345 678", "84 69 12345 69", "Lyon", "OVH", "QUA-2025-04187", "AFNOR"]) {
        expect(text, `${path} contains « ${demo} »`).not.toContain(demo);
      }
    });
  }

  it("states the publisher, the declaration of activity and the host on /mentions-legales", () => {
    const text = render("/mentions-legales", OTHER);
    expect(text).toContain("Atelier Compétences");
    expect(text).toContain("SIRET : 732 829 320 00074");
    expect(text).toContain(
      "Déclaration d'activité enregistrée sous le numéro 75 33 98765 33 auprès du préfet de la région Nouvelle-Aquitaine. Cet enregistrement ne vaut pas agrément de l'État.",
    );
    expect(text).toContain("Scaleway SAS");
    expect(text).toContain("Paul Durand, gérant");
  });

  it("shows the configured retention period and the DPO on /politique-confidentialite", () => {
    const text = render("/politique-confidentialite", OTHER, { leadRetentionMonths: 24 });
    expect(text).toContain("24 mois (2 ans)");
    expect(text).toContain("rgpd@atelier-competences.fr");
  });

  it("shows the certificate from the settings on /certification-qualiopi", () => {
    const text = render("/certification-qualiopi", OTHER);
    expect(text).toContain("CERT-2026-0099");
    expect(text).toContain("Bureau Veritas Certification");
    expect(text).toContain("1er juin 2029");
  });

  it("makes no Qualiopi claim on the home page when no certificate is configured", () => {
    const text = render("/", { ...OTHER, qualiopiCertificateNumber: "" });
    expect(text).not.toContain("certifié Qualiopi");
    expect(text).toContain("Organisme de formation professionnelle");
  });

  it("publishes the claims records with their measurement, and hides every claim section while there is none", () => {
    const home = render("/", OTHER);
    expect(home).toContain("Nos résultats en chiffres");
    expect(home).toContain("de stagiaires satisfaits 97 %");
    expect(home).toContain("Résultats mesurés en février 2026 sur les formations terminées en 2025 (212 réponses).");
    expect(home).toContain("Léa B.");
    expect(home).toContain("Des formateurs de terrain");
    const empty = render("/", OTHER, { ...(PAGE_DATA["/"] as object), claims: NO_CLAIMS });
    for (const gone of ["Nos résultats en chiffres", "Ils se sont formés avec nous", "Pourquoi choisir", "%"])
      expect(empty).not.toContain(gone);

    expect(render("/temoignages", OTHER)).toContain("Excel perfectionnement");
    const noReview = render("/temoignages", OTHER, { testimonials: [], results: [] });
    expect(noReview).not.toContain("Nos résultats");
    expect(noReview).toContain("Aucun n'est publié à ce jour");
    const whyEmpty = render("/pourquoi-nous-choisir", OTHER, { args: [], results: [] });
    expect(whyEmpty).not.toContain("Engagement n°");
    expect(whyEmpty).toContain("Parlez-nous de votre besoin");
  });

  it("names the accessibility contact and the site's host on /accessibilite", () => {
    const text = render("/accessibilite", OTHER);
    expect(text).toContain("handicap@atelier-competences.fr");
    expect(text).toContain("www.atelier-competences.fr est partiellement conforme");
  });
});
