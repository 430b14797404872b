import type { Organisation } from "~/domain/settings/model";
import { formatDateFr } from "./format";

/** "certificat n° …, délivré par …, valable jusqu'au …" from the settings (empty parts left out). */
export function qualiopiDetails(o: Organisation): string {
  return [
    `certificat n°\u00a0${o.qualiopiCertificateNumber}`,
    o.qualiopiCertifier ? `délivré par ${o.qualiopiCertifier}` : "",
    o.qualiopiValidUntil ? `valable jusqu'au ${formatDateFr(o.qualiopiValidUntil)}` : "",
  ]
    .filter(Boolean)
    .join(", ");
}
