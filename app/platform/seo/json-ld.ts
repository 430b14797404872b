import type { MetaDescriptor } from "react-router";

/**
 * schema.org structured data (docs/seo.md). Each block is rendered by the route's `meta` as a
 * `<script type="application/ld+json">` data block: server-rendered with the page, never executed
 * (so the Content-Security-Policy's script hashes do not concern it).
 */
export type JsonLd = Record<string, unknown>;

const CONTEXT = "https://schema.org";

/** The meta descriptors of the blocks, for a route's `meta`. */
export function jsonLdMeta(blocks: ReadonlyArray<unknown>): MetaDescriptor[] {
  return blocks.map((block) => ({ "script:ld+json": block }) as MetaDescriptor);
}

export interface OrganisationLike {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  siret: string;
  qualiopiCertificateNumber: string;
  qualiopiCertifier: string;
  qualiopiValidUntil: string;
}

/** The organisation's logo (also its address as `logo` in other blocks). */
export function logoUrl(siteUrl: string): string {
  return `${siteUrl}/og-image.png`;
}

/** The home page's EducationalOrganization, from the organisation's settings. */
export function organisationJsonLd(o: OrganisationLike, siteUrl: string): JsonLd {
  const block: JsonLd = {
    "@context": CONTEXT,
    "@type": "EducationalOrganization",
    "@id": `${siteUrl}/#organisation`,
    name: o.name,
    url: `${siteUrl}/`,
    logo: logoUrl(siteUrl),
    image: logoUrl(siteUrl),
    telephone: o.phone.replace(/\s+/g, " "),
    email: o.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: o.street,
      postalCode: o.postalCode,
      addressLocality: o.city,
      addressCountry: "FR",
    },
    identifier: { "@type": "PropertyValue", propertyID: "SIRET", value: o.siret.replace(/\s+/g, "") },
  };
  if (o.qualiopiCertificateNumber) {
    block.hasCredential = {
      "@type": "EducationalOccupationalCredential",
      name: "Certification Qualiopi",
      credentialCategory: "certification",
      identifier: o.qualiopiCertificateNumber,
      ...(o.qualiopiCertifier ? { recognizedBy: { "@type": "Organization", name: o.qualiopiCertifier } } : {}),
      ...(o.qualiopiValidUntil ? { validUntil: o.qualiopiValidUntil } : {}),
      url: `${siteUrl}/certification-qualiopi`,
    };
  }
  return block;
}

/** A listing page's ItemList: the items shown, in order, with their absolute URLs. */
export function itemListJsonLd(items: ReadonlyArray<{ name: string; path: string }>, siteUrl: string, offset = 0): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "ItemList",
    numberOfItems: items.length,
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: offset + i + 1,
      name: item.name,
      url: siteUrl + item.path,
    })),
  };
}

/** A page that answers questions: FAQPage, the answers being the page's visible text. */
export function faqJsonLd(entries: ReadonlyArray<{ question: string; answer: string }>): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    mainEntity: entries.map((e) => ({
      "@type": "Question",
      name: e.question,
      acceptedAnswer: { "@type": "Answer", text: e.answer },
    })),
  };
}

/** A BreadcrumbList from labelled steps, the last one being the current page. */
export function breadcrumbListJsonLd(items: ReadonlyArray<{ label: string; to?: string }>, siteUrl: string, currentPath: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.label,
      item: siteUrl + (item.to ?? currentPath),
    })),
  };
}

/** The site's root data as the meta functions see it. */
export function rootSiteUrl(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

/** A page one step below the home page (content, legal, funding and form pages): « Accueil › label ». */
export function pageBreadcrumbMeta(
  args: { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>; location: { pathname: string } },
  label: string,
  parent?: { label: string; to: string },
): MetaDescriptor[] {
  const items = [{ label: "Accueil", to: "/" }, ...(parent ? [parent] : []), { label }];
  return jsonLdMeta([breadcrumbListJsonLd(items, rootSiteUrl(args.matches), args.location.pathname)]);
}
