import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { notify, takeToasts } from "~/platform/toast/notify";
import { ErrorSummary, FieldError } from "./fields";

// Messages are written in code with ordinary spaces; what a person reads has the French spaces
// (U+00A0 before « : », U+202F before « ; ! ? ») wherever a message is shown.
const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("messages shown with French typography", () => {
  it("a field's error and the summary of errors", () => {
    const html = renderToString(
      <>
        <FieldError id="f-email-error" error="Adresse inconnue : vérifiez-la !" />
        <ErrorSummary
          form="f"
          errors={{ email: "Format attendu : nom@domaine.fr" }}
          formError="Envoi refusé : réessayez ?"
          labels={{ email: "E-mail" }}
        />
      </>,
    );
    expect(html).toContain(`Adresse inconnue${NBSP}: vérifiez-la${NNBSP}!`);
    expect(html).toContain(`Format attendu${NBSP}: nom@domaine.fr`);
    expect(html).toContain(`Envoi refusé${NBSP}: réessayez${NNBSP}?`);
  });

  it("a toast raised in the browser", () => {
    takeToasts();
    notify.success("Inscription confirmée : le contact est prévenu", { description: "Voir la session ?" });
    const [toast] = takeToasts();
    expect(toast?.title).toBe(`Inscription confirmée${NBSP}: le contact est prévenu`);
    expect(toast?.description).toBe(`Voir la session${NNBSP}?`);
  });
});
