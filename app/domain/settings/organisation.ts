import type { Organisation } from "./model";

/** Demo identity used until an admin fills in the real one (README: replace before going live). */
export const DEMO_ORGANISATION: Organisation = {
  name: "Formavia",
  legalForm: "SAS",
  shareCapital: "20 000 €",
  street: "18 rue de la République",
  postalCode: "69002",
  city: "Lyon",
  phone: "04 65 71 00 12",
  email: "contact@formavia.fr",
  siret: "91234567800011",
  rcs: "RCS Lyon 912 345 678",
  vatNumber: "FR12912345678",
  nda: "84 69 12345 69",
  ndaRegion: "Auvergne-Rhône-Alpes",
  publicationDirector: "Claire Martin, présidente",
  hostName: "OVH SAS",
  hostAddress: "2 rue Kellermann, 59100 Roubaix, France",
  hostPhone: "09 72 10 10 07",
  dpoEmail: "dpo@formavia.fr",
  accessibilityContact: "accessibilite@formavia.fr",
  qualiopiCertificateNumber: "QUA-2025-04187",
  qualiopiCertifier: "AFNOR Certification",
  qualiopiValidUntil: "2028-03-14",
  mailSenderName: "",
  logoUrl: "",
};
