import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import forge from "node-forge";
import { PDFDocument } from "pdf-lib";

/**
 * The PAdES seal of a PDF (docs/decisions/0036-documents-signed-online.md): a signature dictionary
 * (subFilter ETSI.CAdES.detached) whose CMS SignedData, made with a PKCS#12 certificate and its
 * key (SHA-256, RSA), covers the whole file but the signature itself. Any change to the file
 * breaks it: `pdfsig` (poppler) and Acrobat show it. Also how a self-signed certificate is made,
 * and what an uploaded PKCS#12 holds. Nothing here knows whose documents these are.
 */

export interface SealCertificate {
  /** The PKCS#12 file. */
  p12: Buffer;
  passphrase: string;
}

export interface CertificateInfo {
  subject: string;
  /** SHA-256 of the certificate (DER), hex. */
  fingerprint: string;
  notBefore: string;
  notAfter: string;
}

/** Room left in the file for the CMS signature (bytes): a certificate chain of a CA fits. */
const SIGNATURE_LENGTH = 16_384;

/**
 * A self-signed certificate for `commonName` (the organisation's name), RSA 2048, valid `years`
 * years, usable for signing documents; returned as a PKCS#12 file with a random passphrase.
 */
export function createSelfSignedCertificate(
  { commonName, organisation, country = "FR", years = 10 }: { commonName: string; organisation: string; country?: string; years?: number },
  now = new Date(),
): SealCertificate & CertificateInfo {
  // Node's own key generation (native, a fraction of a second), not forge's, which blocks the event loop for seconds.
  const pair = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
  });
  const keys = { privateKey: forge.pki.privateKeyFromPem(pair.privateKey), publicKey: forge.pki.publicKeyFromPem(pair.publicKey) };
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = "01" + randomBytes(15).toString("hex");
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime());
  cert.validity.notAfter.setFullYear(now.getFullYear() + years);
  const attrs = [
    { name: "commonName", value: commonName.slice(0, 64) || "Organisme de formation" },
    { name: "organizationName", value: (organisation || commonName).slice(0, 64) || "Organisme de formation" },
    { name: "countryName", value: country },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "extKeyUsage", emailProtection: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString("base64url");
  const asn = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, { algorithm: "aes256", friendlyName: commonName });
  const p12 = Buffer.from(forge.asn1.toDer(asn).getBytes(), "binary");
  return { p12, passphrase, ...describe(cert) };
}

function describe(cert: forge.pki.Certificate): CertificateInfo {
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), "binary");
  return {
    subject: cert.subject.attributes.map((a) => `${a.shortName ?? a.name}=${String(a.value)}`).join(", "),
    fingerprint: createHash("sha256").update(der).digest("hex"),
    notBefore: cert.validity.notBefore.toISOString(),
    notAfter: cert.validity.notAfter.toISOString(),
  };
}

export type ReadCertificate = { ok: true; info: CertificateInfo } | { ok: false; error: string };

/**
 * What a PKCS#12 file holds: the certificate that matches its private key. Refused: a wrong
 * passphrase, a file without a key or certificate, a certificate expired at `now`.
 */
export function readCertificate({ p12, passphrase }: SealCertificate, now = new Date()): ReadCertificate {
  const opened = openP12({ p12, passphrase });
  if (!opened.ok) return opened;
  const { cert } = opened;
  if (cert.validity.notAfter < now) return { ok: false, error: "Ce certificat a expiré." };
  if (cert.validity.notBefore > now) return { ok: false, error: "Ce certificat n'est pas encore valide." };
  return { ok: true, info: describe(cert) };
}

type Opened =
  { ok: true; key: forge.pki.rsa.PrivateKey; cert: forge.pki.Certificate; chain: forge.pki.Certificate[] } | { ok: false; error: string };

/** The private key of a PKCS#12, the certificate that matches it and the others (its chain). */
function openP12({ p12, passphrase }: SealCertificate): Opened {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary"))), false, passphrase);
  } catch {
    return { ok: false, error: "Ce fichier n'est pas un PKCS#12 lisible avec ce mot de passe." };
  }
  const keyBags = [
    ...(parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(parsed.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const key = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) return { ok: false, error: "Ce fichier ne contient pas de clé privée RSA." };
  const certs = (parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).flatMap((b) =>
    b.cert ? [b.cert] : [],
  );
  const cert = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(key.n) === 0 && pub.e?.compareTo(key.e) === 0;
  });
  if (!cert) return { ok: false, error: "Ce fichier ne contient pas le certificat de sa clé privée." };
  return { ok: true, key, cert, chain: certs.filter((c) => c !== cert) };
}

const { asn1 } = forge;
const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
};
const oid = (id: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const seq = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const octets = (bytes: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes);
const algorithm = (id: string) => seq([oid(id), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, "")]);
const der = (node: forge.asn1.Asn1) => asn1.toDer(node).getBytes();
/** A DER SET OF: its elements sorted by their encodings (X.690 11.6). */
function setOf(items: forge.asn1.Asn1[], tagClass = asn1.Class.UNIVERSAL, tag: number = asn1.Type.SET) {
  const sorted = [...items].sort((a, b) => {
    const x = der(a);
    const y = der(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return asn1.create(tagClass, tag, true, sorted);
}
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), setOf([value])]);

/**
 * The CMS SignedData of a PAdES baseline signature (ETSI EN 319 122-1, B-B): detached, SHA-256 and
 * RSA, its signed attributes the content type, the message digest and the ESS
 * signing-certificate-v2 (the hash of the signer's certificate); no signing-time attribute (PAdES
 * takes the time from the signature dictionary). The certificate and its chain are included.
 */
class CadesSigner extends Signer {
  constructor(private readonly certificate: SealCertificate) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const opened = openP12(this.certificate);
    if (!opened.ok) throw new Error(opened.error);
    const { key, cert, chain } = opened;
    const certAsn1 = forge.pki.certificateToAsn1(cert);
    const certDer = der(certAsn1);
    // Node's native hash (the whole file's, and the certificate's): forge's is JavaScript, far slower on a PDF.
    const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest().toString("binary");
    const signedAttrs = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.messageDigest, octets(sha256(content))),
      // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 with the default hash (SHA-256).
      attribute(OID.signingCertificateV2, seq([seq([seq([octets(sha256(Buffer.from(certDer, "binary")))])])])),
    ];
    // The signature covers the DER of the attributes as a SET (RFC 5652, 5.4), stored as [0] IMPLICIT.
    const toSign = der(setOf(signedAttrs));
    const md = forge.md.sha256.create().update(toSign);
    const signature = key.sign(md);
    const issuerAndSerial = seq([
      forge.pki.distinguishedNameToAsn1(cert.issuer),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, forge.util.hexToBytes(cert.serialNumber)),
    ]);
    const signerInfo = seq([
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(1).getBytes()),
      issuerAndSerial,
      algorithm(OID.sha256),
      setOf(signedAttrs, asn1.Class.CONTEXT_SPECIFIC, 0),
      algorithm(OID.rsaEncryption),
      octets(signature),
    ]);
    const signedData = seq([
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(1).getBytes()),
      setOf([algorithm(OID.sha256)]),
      seq([oid(OID.data)]),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [certAsn1, ...chain.map((c) => forge.pki.certificateToAsn1(c))]),
      setOf([signerInfo]),
    ]);
    const contentInfo = seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]);
    return Buffer.from(der(contentInfo), "binary");
  }
}

/** SHA-256 of a file, hex. */
export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A PDF followed by the pages of another (the signature page after the document). */
export async function appendPages(original: Uint8Array, extra: Uint8Array): Promise<Buffer> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const more = await PDFDocument.load(extra);
  const pages = await doc.copyPages(more, more.getPageIndices());
  for (const p of pages) doc.addPage(p);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * Seals `pdf` with the certificate: the signature covers every byte of the result but its own
 * /Contents. `reason`, `location`, `name`: what a reader shows of the signature.
 */
export async function sealPdf(
  pdf: Uint8Array,
  certificate: SealCertificate,
  {
    reason,
    location,
    name,
    contactInfo = "",
    signingTime = new Date(),
  }: { reason: string; location: string; name: string; contactInfo?: string; signingTime?: Date },
): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason,
    contactInfo,
    name,
    location,
    signingTime,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: "Site de l'organisme de formation",
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(prepared, new CadesSigner(certificate), signingTime);
}
